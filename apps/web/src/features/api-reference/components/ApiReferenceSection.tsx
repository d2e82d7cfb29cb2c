import { API_KEY_LIMITS, API_KEY_SCOPE_INFO, API_KEY_SCOPES } from '@tenantry/shared';
import {
  Anchor,
  Button,
  Code,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconApi, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Component, Suspense, lazy, useState, type ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import {
  AUTH_HEADER_EXAMPLE,
  CHECK_RESULTS_EXAMPLE_JSON,
  CHECK_RESULTS_PATH,
  OPENAPI_URL,
  rateLimitText,
} from '../lib/api-guide.ts';

// Swagger UI is large: its chunk loads when the reference is opened, on this page only.
const OpenApiViewer = lazy(() => import('./OpenApiViewer.tsx'));

/** A failed load of the viewer's chunk (offline, a new version deployed) stays in its place. */
class ViewerBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <ErrorAlert title="The API reference could not be loaded">
          Reload the page to try again. The document itself is at{' '}
          <Anchor href={OPENAPI_URL} size="sm">
            {OPENAPI_URL}
          </Anchor>
          .
        </ErrorAlert>
      );
    }
    return this.props.children;
  }
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const codeBlock = { overflowX: 'auto', whiteSpace: 'pre' } as const;

/**
 * The developer page's guide to the API: how to authenticate, the key scopes, rate limits and
 * the check-results format, then the whole OpenAPI document behind "Show API reference".
 */
export function ApiReferenceSection() {
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="md" component="section" aria-labelledby="api-reference-heading">
      <Stack gap={4}>
        <Title order={2} size="h3" id="api-reference-heading">
          API reference
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          Your tools reach the same API as this app, under <Code>/api/v1</Code>, with an API key
          instead of a signed-in person.
        </Text>
      </Stack>

      <Part id="api-auth-heading" title="Authenticate">
        <Text size="sm">Send the key with every request, in the Authorization header:</Text>
        <Code block style={codeBlock}>
          {AUTH_HEADER_EXAMPLE}
        </Code>
        <Text size="sm">
          A key acts for the account, on the routes its scopes allow and, when it is limited to one,
          on that client tenant only. A missing, unknown, revoked or expired key is refused with
          401; a route outside its scopes with 403.
        </Text>
      </Part>

      <Part id="api-scopes-heading" title="Scopes">
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {API_KEY_SCOPES.map((scope) => (
            <Paper key={scope} component="li" withBorder p="sm">
              <Group gap="xs" wrap="wrap">
                <Code>{scope}</Code>
                <Text size="sm" fw={600}>
                  {API_KEY_SCOPE_INFO[scope].label}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {API_KEY_SCOPE_INFO[scope].description}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Part>

      <Part id="api-limits-heading" title="Rate limits">
        <Text size="sm">
          Each key may make {rateLimitText()}. Beyond that the API answers 429 with a{' '}
          <Code>Retry-After</Code> header: the seconds to wait before the next request. An account
          holds at most {API_KEY_LIMITS.perAccount} keys that are not revoked, and a key lives at
          most {API_KEY_LIMITS.maxDays} days.
        </Text>
      </Part>

      <Part id="api-check-results-heading" title="Automated check results">
        <Text size="sm">
          A scanner or management tool that already knows answers pushes them into an assessment
          with a key that has <Code>answers:write</Code>:
        </Text>
        <Code block style={codeBlock}>
          POST {CHECK_RESULTS_PATH}
        </Code>
        <List size="sm" spacing={4}>
          <List.Item>
            <Code>idempotencyKey</Code>: the same key sent again applies the batch once (the replay
            answers <Code>duplicate</Code>).
          </List.Item>
          <List.Item>
            <Code>source</Code>: the tool’s name, shown as who answered.
          </List.Item>
          <List.Item>
            <Code>results</Code>: each names a question by its stable <Code>questionKey</Code> with
            its <Code>value</Code> (yes, partial or no; a maturity level 0–5; option keys; a number
            or text, as the question asks), or <Code>na: true</Code>; <Code>evidence</Code> (text or
            a link) becomes the answer’s note; <Code>observedAt</Code> is when the tool saw it: an
            older result never replaces a newer answer.
          </List.Item>
        </List>
        <Code block style={codeBlock} aria-label="Example check-results request body">
          {CHECK_RESULTS_EXAMPLE_JSON}
        </Code>
        <Text size="sm">
          The batch is applied whole or not at all: an invalid result refuses it with 400 and names
          the failing result (<Code>results.3.value</Code>).
        </Text>
      </Part>

      <Part id="api-document-heading" title="Every route">
        <Text size="sm">
          The OpenAPI document lists every route with its parameters, bodies and answers. Reading
          routes can be tried here as yourself.
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconApi size={16} aria-hidden />}
            rightSection={
              shown ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )
            }
            aria-expanded={shown}
            aria-controls="api-reference-document"
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide API reference' : 'Show API reference'}
          </Button>
          <Anchor href={OPENAPI_URL} size="sm" target="_blank" rel="noopener">
            OpenAPI document (JSON)
          </Anchor>
        </Group>
        <div id="api-reference-document">
          {shown ? (
            <ViewerBoundary>
              <Suspense fallback={<Loader size="sm" aria-label="Loading the API reference" />}>
                <OpenApiViewer />
              </Suspense>
            </ViewerBoundary>
          ) : null}
        </div>
      </Part>
    </Stack>
  );
}
