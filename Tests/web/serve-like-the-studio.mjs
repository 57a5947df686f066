// The studio serves /spring.js from SpringExport's Web folder (the one closed form that the export's
// preview page inlines too), beside its own modules. Under Node the page's modules import it by the
// same relative name, so this hook resolves it the way the server does:
//   node --import ./Tests/web/serve-like-the-studio.mjs --test Tests/web/*.test.mjs
import { registerHooks } from "node:module";

const studioWeb = new URL("../../Sources/SpringStudio/Web/", import.meta.url).href;
const shared = new URL("../../Sources/SpringExport/Web/spring.js", import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "./spring.js" && context.parentURL && context.parentURL.startsWith(studioWeb)) {
      return { url: shared, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
