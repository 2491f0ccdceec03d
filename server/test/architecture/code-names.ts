import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The code's own folders, each scanned for source files (.ts, .tsx, .mjs), node_modules and build output left out. */
export function codeFiles(root: string, folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(full);
      return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
    });
  return folders.flatMap((folder) => walk(path.join(root, folder)));
}

export interface NamedIdentifier {
  name: string;
  line: number;
  /** Declared here as a variable, parameter, function, class, interface or type (not a property or a use). */
  declared: boolean;
}

const DECLARATIONS = new Set([
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.BindingElement,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
]);

/** Every identifier of a file as the compiler parses it: names only, never strings, comments or JSX text. */
export function identifiersOf(file: string, text = readFileSync(file, 'utf8')): NamedIdentifier[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: NamedIdentifier[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const declared = DECLARATIONS.has(parent.kind) && (parent as ts.NamedDeclaration).name === node;
      found.push({ name: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, declared });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
