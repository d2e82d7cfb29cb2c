import { Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import './openapi-viewer.css';
import { OPENAPI_URL } from '../lib/api-guide.ts';
import { t } from '../messages.ts';

/**
 * The server's OpenAPI document rendered by Swagger UI. Loaded on demand (this module is a
 * chunk of its own, with its styles): no other page carries it. It loads nothing from outside
 * the app, so it works within the app's Content-Security-Policy.
 *
 * "Try it out" sends requests as the signed-in person, so only reading (GET) is offered here;
 * tools use an API key.
 */
export default function OpenApiViewer() {
  const ref = useRef<HTMLDivElement>(null);
  // Newer Swagger UI (5.35; not 5.32.5, the version pinned: docs/developer.md) lays its
  // operations out in a <main> of its own: the page already has one (the app shell's), and a
  // page has one main landmark. Its mains become named regions.
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const demote = () => {
      for (const main of root.querySelectorAll('main:not([role])')) {
        main.setAttribute('role', 'region');
        if (!main.hasAttribute('aria-label'))
          main.setAttribute('aria-label', t('viewer.operations'));
      }
    };
    demote();
    const observer = new MutationObserver(demote);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    // Swagger UI has a light look only: it keeps a light panel in the dark colour scheme too.
    <Paper
      ref={ref}
      withBorder
      bg="white"
      c="#3b4151"
      py="xs"
      style={{ colorScheme: 'light', overflowX: 'auto' }}
      data-testid="openapi-viewer"
    >
      <SwaggerUI
        url={OPENAPI_URL}
        docExpansion="none"
        defaultModelsExpandDepth={0}
        deepLinking={false}
        filter
        supportedSubmitMethods={['get']}
        displayRequestDuration
      />
    </Paper>
  );
}
