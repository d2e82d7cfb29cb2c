/**
 * Compiles a catalogue's ICU messages for Lingui's runtime: at build time for the web pages
 * (apps/web/build/i18n-catalogues.ts), at start-up on the server. A message that does not parse
 * throws, naming its key.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { CatalogueSource, CompiledCatalogue } from './translator.ts';

export function compileCatalogue(source: CatalogueSource, name = 'catalogue'): CompiledCatalogue {
  const out: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      out[key] = compileMessageOrThrow(message);
    } catch (e) {
      throw new Error(`${name}: the message "${key}" is not valid ICU MessageFormat: ${String(e)}`);
    }
  }
  return out;
}
