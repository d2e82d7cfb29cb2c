import { CLIENT_CONFIG_ELEMENT_ID, ClientConfigSchema, type ClientConfig } from '@tenantry/shared';
import { createContext, useContext } from 'react';

export class BootError extends Error {
  override name = 'BootError';
}

/**
 * Reads the client configuration block the server writes into index.html
 * (`<script type="application/json" id="tenantry-config">`). Throws a BootError when it is
 * missing or invalid: the app must not mount then.
 */
export function readClientConfig(doc: Document = document): ClientConfig {
  const el = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!el?.textContent) {
    // i18n-ignore: boot errors go to the console only (boot.tsx)
    throw new BootError(`Client configuration #${CLIENT_CONFIG_ELEMENT_ID} is missing`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent);
  } catch (cause) {
    // i18n-ignore: to the console only
    throw new BootError(`Client configuration #${CLIENT_CONFIG_ELEMENT_ID} is not JSON`, {
      cause,
    });
  }
  const parsed = ClientConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BootError(
      // i18n-ignore: to the console only
      `Client configuration is invalid: ${parsed.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

export const ClientConfigContext = createContext<ClientConfig | null>(null);

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error('useClientConfig outside ClientConfigContext');
  return config;
}
