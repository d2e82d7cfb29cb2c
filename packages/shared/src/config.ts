import { z } from 'zod';

/**
 * The client's project configuration (docs/product.md): same fields, two profiles.
 * In this deployment: apiKey = public (non-secret) key naming the web client; authDomain = the
 * auth origin (filled from PUBLIC_URL at run time); projectId = deployment id; storageBucket =
 * where media is stored; appId = the app id; measurementId = the analytics measurement id;
 * region = the region label of the API. messagingSenderId has no meaning here and stays empty.
 */
export const DEFAULT_REGION = 'us-central1';
export const CONFIG_PROFILES = ['test', 'production'] as const;
export type ConfigProfile = (typeof CONFIG_PROFILES)[number];

export const ClientConfigSchema = z.object({
  profile: z.enum(CONFIG_PROFILES),
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  messagingSenderId: z.string(),
  appId: z.string(),
  measurementId: z.string(),
  region: z.string(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

export const CLIENT_CONFIG_PROFILES: Record<ConfigProfile, Omit<ClientConfig, 'authDomain'>> = {
  test: {
    profile: 'test',
    apiKey: 'tenantry-web-test',
    projectId: 'tenantry-test',
    storageBucket: 'tenantry-test-media',
    messagingSenderId: '',
    appId: 'tenantry-web-test',
    measurementId: 'tenantry-test-analytics',
    region: DEFAULT_REGION,
  },
  production: {
    profile: 'production',
    apiKey: 'tenantry-web',
    projectId: 'tenantry',
    storageBucket: 'tenantry-media',
    messagingSenderId: '',
    appId: 'tenantry-web',
    measurementId: 'tenantry-analytics',
    region: DEFAULT_REGION,
  },
};

/** Id of the JSON data block the server writes into index.html (not executed: CSP-safe). */
export const CLIENT_CONFIG_ELEMENT_ID = 'tenantry-config';
