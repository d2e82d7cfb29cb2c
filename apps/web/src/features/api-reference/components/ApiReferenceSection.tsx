import { API_KEY_LIMITS, API_KEY_SCOPES } from '@tenantry/shared';
import { apiKeyScopeLabel, apiKeyScopeDescription } from '#web/lib/labels.ts';
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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
        <ErrorAlert title={t('viewer.failed.title')}>
          {rich(
            t,
            'viewer.failed.body',
            {},
            {
              url: (
                <Anchor href={OPENAPI_URL} size="sm">
                  {OPENAPI_URL}
                </Anchor>
              ),
            },
          )}
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

/** Code inside a sentence: a path, a header or field name, a value (not words to translate). */
const code = (text: string) => <Code>{text}</Code>;

/** Field names inside a sentence, each shown as code under its own name. */
const codes = (...names: string[]) => Object.fromEntries(names.map((name) => [name, code(name)]));

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
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          {rich(t, 'intro', {}, { path: code('/api/v1') })}
        </Text>
      </Stack>

      <Part id="api-auth-heading" title={t('auth.title')}>
        <Text size="sm">{t('auth.header')}</Text>
        <Code block style={codeBlock}>
          {AUTH_HEADER_EXAMPLE}
        </Code>
        <Text size="sm">{t('auth.body')}</Text>
      </Part>

      <Part id="api-scopes-heading" title={t('scopes.title')}>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {API_KEY_SCOPES.map((scope) => (
            <Paper key={scope} component="li" withBorder p="sm">
              <Group gap="xs" wrap="wrap">
                <Code>{scope}</Code>
                <Text size="sm" fw={600}>
                  {apiKeyScopeLabel(scope)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {apiKeyScopeDescription(scope)}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Part>

      <Part id="api-limits-heading" title={t('limits.title')}>
        <Text size="sm">
          {rich(
            t,
            'limits.body',
            {
              rate: rateLimitText(),
              perAccount: String(API_KEY_LIMITS.perAccount),
              maxDays: String(API_KEY_LIMITS.maxDays),
            },
            { retryAfter: code('Retry-After') },
          )}
        </Text>
      </Part>

      <Part id="api-check-results-heading" title={t('checks.title')}>
        <Text size="sm">{rich(t, 'checks.intro', {}, { scope: code('answers:write') })}</Text>
        <Code block style={codeBlock}>
          POST {CHECK_RESULTS_PATH}
        </Code>
        <List size="sm" spacing={4}>
          <List.Item>
            {rich(t, 'checks.idempotencyKey', {}, codes('idempotencyKey', 'duplicate'))}
          </List.Item>
          <List.Item>{rich(t, 'checks.source', {}, codes('source'))}</List.Item>
          <List.Item>
            {rich(
              t,
              'checks.results',
              {},
              {
                ...codes('results', 'questionKey', 'value', 'evidence', 'observedAt'),
                na: code('na: true'),
              },
            )}
          </List.Item>
        </List>
        <Code block style={codeBlock} aria-label={t('checks.example')}>
          {CHECK_RESULTS_EXAMPLE_JSON}
        </Code>
        <Text size="sm">{rich(t, 'checks.invalid', {}, { path: code('results.3.value') })}</Text>
      </Part>

      <Part id="api-document-heading" title={t('document.title')}>
        <Text size="sm">{t('document.intro')}</Text>
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
            {shown ? t('document.hide') : t('document.show')}
          </Button>
          <Anchor href={OPENAPI_URL} size="sm" target="_blank" rel="noopener">
            {t('document.link')}
          </Anchor>
        </Group>
        <div id="api-reference-document">
          {shown ? (
            <ViewerBoundary>
              <Suspense fallback={<Loader size="sm" aria-label={t('document.loading')} />}>
                <OpenApiViewer />
              </Suspense>
            </ViewerBoundary>
          ) : null}
        </div>
      </Part>
    </Stack>
  );
}
