import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const markdown = [
  'README.md',
  'bench/README.md',
  'swc-simulator/README.md',
  'discord-simulator/README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** The text outside fenced code blocks, where links and headings live. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, each space a hyphen. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (file: string) => new Set([...prose(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!.trim())));

/** Every link target of a Markdown file: [text](target), ![alt](target) and <scheme://…>. */
const linksOf = (file: string) => [
  ...[...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
  ...[...prose(read(file)).matchAll(/<(https?:\/\/[^>]+)>/g)].map((m) => m[1]!),
];

describe('links between the docs', () => {
  it.each(markdown)('%s links only to files and headings that exist', (file) => {
    const broken = linksOf(file)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => {
        const [relative, anchor] = target.split('#');
        const resolved = relative ? path.join(path.dirname(file), relative) : file;
        if (!existsSync(path.join(root, resolved))) return true;
        return anchor !== undefined && !anchorsOf(resolved).has(anchor);
      });
    expect(broken).toEqual([]);
  });

  it.each(markdown)('%s cites nothing outside the repository (local and example addresses only)', (file) => {
    const outside = linksOf(file)
      .filter((target) => /^[a-z]+:/.test(target))
      .filter((target) => !/^https?:\/\/(localhost|127\.0\.0\.1|[\w.-]*example\.com)([:/]|$)/.test(target));
    expect(outside).toEqual([]);
  });

  it('README keeps the two commands, exactly, and stays a front door that docs/ explains in full', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
    expect(readme.split('\n').length).toBeLessThanOrEqual(170);
  });
});
