/**
 * The query shapes anonymous visitors may send to the content API: what the site's calls use
 * (spec section 7) and little more. Everything else is refused with a 400 before Strapi builds a
 * query, so no anonymous request can make the CMS populate relations of relations (one such
 * request answered 224 MB), read drafts, reach media's `related` entries, or hit Strapi's 500s
 * on malformed filters and sorts.
 */

export interface Attribute {
  type: string;
  target?: string;
  private?: boolean;
}

export interface Model {
  attributes: Record<string, Attribute>;
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
}

export type ModelOf = (uid: string) => Model | undefined;

export class PublicQueryError extends Error {
  override name = 'PublicQueryError';
}

const fail = (message: string): never => {
  throw new PublicQueryError(message);
};

const TOP_LEVEL = new Set(['fields', 'populate', 'filters', 'sort', 'pagination', 'status', 'locale']);
/** A BCP 47 tag as Strapi's i18n names locales (en, zh-Hans, pt-BR, sr-Latn-RS). */
const LOCALE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;
const SYSTEM_FIELDS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);
/** Media fields a visitor may select; `related` (other entries, drafts included) never. */
export const PUBLIC_MEDIA_FIELDS = new Set(['url', 'ext', 'name', 'width', 'height', 'alternativeText', 'caption', 'formats', 'mime', 'size', 'placeholder', 'focalPoint']);
const OPERATORS = new Set([
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$contains', '$notContains',
  '$containsi', '$notContainsi', '$null', '$notNull', '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
]);
const LIST_OPERATORS = new Set(['$in', '$notIn', '$between']);
const NOT_SCALAR = new Set(['relation', 'media', 'component', 'dynamiczone', 'password']);
const MAX_LIST = 100;
/**
 * Filters stay small: at most one relation joined (the site's own filter is a project's category),
 * never a relation to a type with drafts (its unpublished rows would answer yes/no questions), and
 * a bounded number of conditions and branches. Each join inside `$or` multiplies the database's
 * work: a few of them kept the CMS at 100 % CPU for minutes (issue 25).
 */
const MAX_RELATION_JOINS = 1;
const MAX_CONDITIONS = 20;
const MAX_BRANCHES = 10;

type Query = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Query => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

const scalarAttributes = (model: Model) =>
  new Set([
    ...SYSTEM_FIELDS,
    ...Object.entries(model.attributes)
      .filter(([, attribute]) => !attribute.private && !NOT_SCALAR.has(attribute.type))
      .map(([name]) => name),
  ]);

const listOf = (value: unknown, what: string): string[] => {
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  if (Array.isArray(value) && value.length <= MAX_LIST && value.every((item) => typeof item === 'string')) return value;
  if (isPlainObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key)) && Object.keys(value).length <= MAX_LIST) {
    return listOf(Object.values(value), what);
  }
  return fail(`${what} must be a list of names`);
};

function checkFields(value: unknown, allowed: Set<string>, what: string) {
  for (const name of listOf(value, what)) {
    if (!allowed.has(name)) fail(`${what}: "${name}" cannot be selected`);
  }
}

/** Of a localized entry's other locales (issue 38: a page's `hreflang`), only which they are. */
const LOCALIZATION_FIELDS = new Set(['locale']);

function checkPopulate(value: unknown, model: Model) {
  const media = new Set(Object.entries(model.attributes).filter(([, a]) => a.type === 'media').map(([name]) => name));
  const localized = Boolean(model.pluginOptions?.i18n?.localized);
  const allowMedia = (name: string) => {
    if (!media.has(name) && !(localized && name === 'localizations')) fail(`populate: "${name}" cannot be populated (only media fields, one level)`);
  };
  if (typeof value === 'string' || Array.isArray(value)) {
    for (const name of listOf(value, 'populate')) {
      if (name === 'localizations') fail('populate[localizations] must name its fields (locale)');
      allowMedia(name);
    }
    return;
  }
  if (!isPlainObject(value)) return fail('populate must name media fields');
  for (const [name, options] of Object.entries(value)) {
    allowMedia(name);
    if (options === true || options === 'true') {
      if (name === 'localizations') fail('populate[localizations] must name its fields (locale)');
      continue;
    }
    if (!isPlainObject(options)) fail(`populate[${name}] must be true or { fields }`);
    for (const [key, inner] of Object.entries(options as Query)) {
      if (key !== 'fields') fail(`populate[${name}][${key}] is not allowed (only fields)`);
      checkFields(inner, name === 'localizations' ? LOCALIZATION_FIELDS : PUBLIC_MEDIA_FIELDS, `populate[${name}][fields]`);
    }
  }
}

function checkOperand(operator: string, value: unknown, path: string) {
  if (LIST_OPERATORS.has(operator)) {
    const values = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [value];
    if (values.length === 0 || values.length > MAX_LIST || !values.every(isScalar)) fail(`${path}: ${operator} takes a list of values`);
    if (operator === '$between' && values.length !== 2) fail(`${path}: $between takes two values`);
    return;
  }
  if (!isScalar(value)) fail(`${path}: ${operator} takes one value`);
}

/** What a filter has used so far: joins, conditions and branches, against their limits. */
interface FilterBudget {
  joins: number;
  conditions: number;
  branches: number;
}

function checkFilters(value: unknown, model: Model, modelOf: ModelOf, budget: FilterBudget, path: string) {
  if (!isPlainObject(value)) return fail(`${path} must be an object`);
  const scalars = scalarAttributes(model);
  for (const [key, inner] of Object.entries(value)) {
    const here = `${path}[${key}]`;
    if (key === '$and' || key === '$or') {
      const branches = Array.isArray(inner) ? inner : isPlainObject(inner) && Object.keys(inner).every((k) => /^\d+$/.test(k)) ? Object.values(inner) : fail(`${here} must be a list`);
      budget.branches += branches.length;
      if (budget.branches > MAX_BRANCHES) fail(`${here}: at most ${MAX_BRANCHES} branches in a filter`);
      for (const branch of branches) checkFilters(branch, model, modelOf, budget, here);
    } else if (key === '$not') {
      checkFilters(inner, model, modelOf, budget, here);
    } else if (scalars.has(key)) {
      budget.conditions += 1;
      if (budget.conditions > MAX_CONDITIONS) fail(`${here}: at most ${MAX_CONDITIONS} conditions in a filter`);
      if (isScalar(inner)) continue;
      if (!isPlainObject(inner)) fail(`${here} must be a value or { $operator: value }`);
      for (const [operator, operand] of Object.entries(inner as Query)) {
        if (!OPERATORS.has(operator)) fail(`${here}: unknown operator ${operator}`);
        checkOperand(operator, operand, `${here}[${operator}]`);
      }
    } else if (model.attributes[key]?.type === 'relation' && !model.attributes[key]?.private) {
      const target = model.attributes[key]?.target;
      const targetModel = target ? modelOf(target) : undefined;
      budget.joins += 1;
      if (!targetModel || budget.joins > MAX_RELATION_JOINS) fail(`${here}: at most ${MAX_RELATION_JOINS} relation in a filter`);
      if ((targetModel as Model).options?.draftAndPublish) fail(`${here}: entries with drafts cannot be filtered through a relation`);
      checkFilters(inner, targetModel as Model, modelOf, budget, here);
    } else {
      fail(`${here}: unknown or private field`);
    }
  }
}

function checkSort(value: unknown, model: Model) {
  const scalars = scalarAttributes(model);
  const one = (item: unknown) => {
    if (typeof item === 'string') {
      for (const part of item.split(',')) {
        const [field, direction, extra] = part.trim().split(':');
        if (!field || !scalars.has(field) || extra !== undefined || (direction !== undefined && !/^(asc|desc)$/i.test(direction))) {
          fail(`sort: "${part}" must be field, field:asc or field:desc`);
        }
      }
    } else if (isPlainObject(item)) {
      for (const [field, direction] of Object.entries(item)) {
        if (!scalars.has(field) || typeof direction !== 'string' || !/^(asc|desc)$/i.test(direction)) fail(`sort[${field}] must be asc or desc`);
      }
    } else {
      fail('sort must be a field name, a list of them, or { field: asc|desc }');
    }
  };
  if (Array.isArray(value)) {
    if (value.length > MAX_LIST) fail('sort: too many keys');
    value.forEach(one);
  } else if (isPlainObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    Object.values(value).forEach(one);
  } else {
    one(value);
  }
}

function checkPagination(value: unknown) {
  if (!isPlainObject(value)) return fail('pagination must be an object');
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'withCount') {
      if (!['true', 'false', true, false].includes(inner as string | boolean)) fail('pagination[withCount] must be true or false');
    } else if (['page', 'pageSize', 'start', 'limit'].includes(key)) {
      if (!(typeof inner === 'string' || typeof inner === 'number') || !/^-?\d{1,6}$/.test(String(inner))) fail(`pagination[${key}] must be a whole number`);
    } else {
      fail(`pagination[${key}] is not a pagination setting`);
    }
  }
}

/** Throws PublicQueryError when an anonymous query asks for more than the public shapes. */
export function checkPublicQuery(query: Query, model: Model, modelOf: ModelOf): void {
  for (const [key, value] of Object.entries(query)) {
    if (!TOP_LEVEL.has(key)) fail(`"${key}" is not a public query parameter`);
    if (key === 'status' && value !== 'published') fail('status: only published content is public');
    // Which locales exist is Strapi's to say (an unknown one is its 400); the guard keeps to one code.
    if (key === 'locale' && !model.pluginOptions?.i18n?.localized) fail('locale: this content is not localized');
    if (key === 'locale' && (typeof value !== 'string' || !LOCALE_CODE.test(value))) fail('locale must be one locale code, e.g. en or zh-Hans');
    if (key === 'fields') checkFields(value, scalarAttributes(model), 'fields');
    if (key === 'populate') checkPopulate(value, model);
    if (key === 'filters') checkFilters(value, model, modelOf, { joins: 0, conditions: 0, branches: 0 }, 'filters');
    if (key === 'sort') checkSort(value, model);
    if (key === 'pagination') checkPagination(value);
  }
}
