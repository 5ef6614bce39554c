// Preloaded into the Firebase Auth emulator (stack.mjs). At start it compiles a JSON-schema validator
// for every parameter of every operation of the Identity Toolkit API (exegesis over ajv): 8 to 25 s of CPU
// on this 2-core machine, for the handful of operations a run calls. exegesis has an option to compile
// each validator on its first use instead; the emulator does not set it, so we default it here. Requests
// are validated exactly as before. If a later firebase-tools no longer loads exegesis this way, nothing
// changes but the start-up time.
import { createRequire } from 'node:module';
import path from 'node:path';

try {
  const require = createRequire(import.meta.url);
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
  // The same module instance firebase-tools' own require() gets: CommonJS modules are cached by path.
  const options = require(require.resolve('exegesis/lib/options.js', { paths: [firebaseTools] }));
  const compile = options.compileOptions;
  options.compileOptions = (given = {}) => compile({ lazyCompileValidationSchemas: true, ...given });
} catch {
  // Not found: the emulator starts as it is.
}
