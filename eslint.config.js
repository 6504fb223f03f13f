// ESLint for the score page's modules (euchre_cli/serve/static), at the versions
// package-lock.json pins: `npm ci`, then `npx eslint euchre_cli/serve/static` (as
// .ci/run does, and tests/test_serve_static.py once node_modules/ is there).

import js from "@eslint/js";
import globals from "globals";

// A name from the book is shown as text only (dom.js's el, textContent): nothing that
// reads a string as markup.
const AS_TEXT = "text from the book reaches the page only as text: el's string children or textContent";
const MARKUP_SINKS = [
  { property: "innerHTML", message: AS_TEXT },
  { property: "outerHTML", message: AS_TEXT },
  { property: "insertAdjacentHTML", message: AS_TEXT },
  { property: "setHTMLUnsafe", message: AS_TEXT },
  { property: "createContextualFragment", message: AS_TEXT },
  { object: "document", property: "write", message: AS_TEXT },
  { object: "document", property: "writeln", message: AS_TEXT },
];

export default [
  js.configs.recommended,
  {
    files: ["euchre_cli/serve/static/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { args: "all", caughtErrors: "all" }],
      "no-use-before-define": ["error", { functions: false }],
      "no-shadow": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-eval": "error",
      "no-restricted-properties": ["error", ...MARKUP_SINKS],
    },
  },
];
