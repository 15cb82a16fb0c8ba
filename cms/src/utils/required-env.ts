/** Secrets have no safe default: fail at start-up with a hint instead of running unsigned. */
export function required<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    throw new Error(`${name} is not set. Run "npm start" (it writes cms/.env) or set it in the environment.`);
  }
  return value;
}
