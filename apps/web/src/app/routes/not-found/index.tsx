import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { t } from '../../messages.ts';

export default function NotFoundScreen() {
  return (
    <AuthCard title={SCREEN_TITLES.notFound}>
      <Text size="sm">{t('notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </AuthCard>
  );
}
