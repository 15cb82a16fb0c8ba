// Empties dist/ before `strapi build`: the TypeScript build adds and overwrites files but never
// removes one, so a content type deleted from src/ (issue 38: "English text") would live on in
// dist/ and Strapi would still load it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

fs.rmSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'), { recursive: true, force: true });
