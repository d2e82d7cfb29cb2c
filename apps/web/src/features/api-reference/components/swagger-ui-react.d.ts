// swagger-ui-react ships no types; the props this feature passes (see OpenApiViewer.tsx).
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export interface SwaggerUIProps {
    url?: string;
    spec?: object | string;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    defaultModelExpandDepth?: number;
    deepLinking?: boolean;
    filter?: boolean | string;
    tryItOutEnabled?: boolean;
    supportedSubmitMethods?: string[];
    displayRequestDuration?: boolean;
    persistAuthorization?: boolean;
    onComplete?: (system: unknown) => void;
  }

  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}
