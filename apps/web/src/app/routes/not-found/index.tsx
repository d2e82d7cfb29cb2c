import { screenTitle } from '#web/lib/labels.ts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { t } from '../../messages.ts';

export default function NotFoundScreen() {
  return (
    <AuthCard title={screenTitle('notFound')}>
      <Text size="sm">{t('notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </AuthCard>
  );
}
