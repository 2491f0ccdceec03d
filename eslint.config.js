import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// Web import boundaries (bulletproof-react): a feature imports only components/, lib/, the contract and
// itself; components/ and lib/ import no feature and nothing of app/. Both the `@/` alias and relative
// paths are checked.
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundary = (feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}/)`,
            message: 'A feature imports only components/, lib/, the contract and itself; move shared code to components/ or lib/.',
          },
          { regex: '^@/app/', message: 'A feature must not import app/ (the app imports features, not the other way round).' },
          { regex: '^\\.\\./\\.\\./', message: 'Leave the feature through `@/components/…` or `@/lib/…`, not a relative path.' },
        ],
      },
    ],
  },
});

// The one room that imports the OpenID Provider library (oidc-provider), and the words for whoever imports it elsewhere.
const LIBRARY_ROOM = 'server/src/services/oidc/library-gaps/';
const LIBRARY_ROOM_MESSAGE = `Only ${LIBRARY_ROOM} imports oidc-provider (its gaps' tests too); import what you need from its index.ts.`;
// `\u002F` is a slash: esquery's regular expressions cannot hold one as it is.
const LIBRARY_SPECIFIER = '/^oidc-provider(\\u002F|$)/';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '.data/**', 'e2e/screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  ...features.map(featureBoundary),
  {
    // The protocol library's internals are overridden in one room: everything else goes through it, by any
    // kind of import (static, a deep path into the library, dynamic import() or require).
    files: ['server/src/**/*.ts', 'server/test/**/*.ts', 'bench/**/*.ts'],
    ignores: [`${LIBRARY_ROOM}**`, 'server/test/services/oidc/library-gaps/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'oidc-provider', message: LIBRARY_ROOM_MESSAGE }],
          patterns: [{ regex: '^oidc-provider/', message: LIBRARY_ROOM_MESSAGE }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=${LIBRARY_SPECIFIER}]`, message: LIBRARY_ROOM_MESSAGE },
        {
          selector: `ImportExpression > TemplateLiteral.source[quasis.0.value.cooked=${LIBRARY_SPECIFIER}]`,
          message: LIBRARY_ROOM_MESSAGE,
        },
        { selector: `CallExpression[callee.name='require'][arguments.0.value=${LIBRARY_SPECIFIER}]`, message: LIBRARY_ROOM_MESSAGE },
        {
          selector: `CallExpression[callee.object.name='require'][callee.property.name='resolve'][arguments.0.value=${LIBRARY_SPECIFIER}]`,
          message: LIBRARY_ROOM_MESSAGE,
        },
      ],
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@|\\.\\.)/(features|app)/',
              message: 'components/ and lib/ are shared: they import no feature and nothing of app/.',
            },
          ],
        },
      ],
    },
  },
);
