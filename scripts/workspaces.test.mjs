import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cmsDir, webDir } from './lib/stack.mjs';

// One install serves Strapi's admin (React 18) and the site (React 19). npm keeps them apart only
// while every package of the site that imports React is installed where it finds the site's copy;
// an install that hoists one of them to the root gives the site two Reacts ("Invalid hook call").
const reactSeenFrom = (dir, pkg) => {
  const pkgJson = createRequire(path.join(dir, 'package.json')).resolve(`${pkg}/package.json`);
  return createRequire(pkgJson)('react/package.json').version;
};

describe('the workspaces install', () => {
  const siteReact = createRequire(path.join(webDir, 'package.json'))('react/package.json').version;

  it('gives the site React 19 and Strapi React 18', () => {
    expect(siteReact).toMatch(/^19\./);
    expect(createRequire(path.join(cmsDir, 'package.json'))('react/package.json').version).toMatch(/^18\./);
  });

  it.each(['react-router', '@react-router/node', 'react-dom'])('lets %s see the site React', (pkg) => {
    expect(reactSeenFrom(webDir, pkg)).toBe(siteReact);
  });
});
