/**
 * Every uploaded picture also keeps a placeholder: its colours in a few dozen characters, drawn by
 * the site while the picture itself is on its way (issue 26; src/bootstrap/placeholders.ts makes
 * it when the picture is uploaded).
 */
interface UploadPlugin {
  contentTypes: { file: { schema: { attributes: Record<string, unknown> } } };
}

export default (plugin: UploadPlugin): UploadPlugin => {
  plugin.contentTypes.file.schema.attributes.placeholder = { type: 'string', configurable: false };
  return plugin;
};
