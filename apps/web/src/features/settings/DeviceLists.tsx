import { useMutation } from '@tanstack/react-query';
import { Button, List, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../shared/api/queries.ts';
import { formatDateTime, formatRelativeTime } from '../../shared/time.ts';
import { SESSIONS_KEY, settingsApi, useLoginHistory, useSessions } from './api.ts';
import { toastMessage } from './components.tsx';
import { confirmOnce } from '../../shared/ui/confirm.ts';

function useDeviceName() {
  const { t } = useTranslation('settings');
  return (device: string) => device || t('devices.unknown');
}

const refreshSessions = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

/** The devices logged in now: this one marked, any other can be logged out, or all others at once. */
export function SessionList() {
  const { t } = useTranslation('settings');
  const name = useDeviceName();
  const { data: sessions } = useSessions();
  const revoke = useMutation({
    mutationFn: (id: number) => settingsApi.revokeSession(id),
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshSessions();
    },
  });
  const revokeOthers = useMutation({
    mutationFn: settingsApi.revokeOtherSessions,
    onSuccess: async (message) => {
      toastMessage(message);
      await refreshSessions();
    },
  });
  const confirmRevokeOthers = async () => {
    if (await confirmOnce({ content: t('devices.revokeOthersConfirm'), confirmText: t('devices.revokeOthers'), cancelText: t('shell:actions.cancel') })) revokeOthers.mutate();
  };

  if (!sessions) return <Skeleton.Paragraph lineCount={3} animated className="content-skeleton" />;
  return (
    <>
      <List className="settings-list" mode="card" header={t('devices.sessions')} data-testid="session-list">
        {sessions.map((session) => (
          <List.Item
            key={session.id}
            data-testid="session-item"
            description={
              <span className="device-facts">
                {session.ip} · {t('devices.lastSeen', { time: formatRelativeTime(session.last_seen_at) })}
                <br />
                {t('devices.since', { time: formatDateTime(session.created_at) })}
              </span>
            }
            extra={
              session.current ? (
                <Tag color="#d4ba83" fill="outline" data-testid="session-current">
                  {t('devices.thisDevice')}
                </Tag>
              ) : (
                <Button size="mini" fill="outline" color="danger" loading={revoke.isPending && revoke.variables === session.id} onClick={() => revoke.mutate(session.id)} data-testid={`session-revoke-${session.id}`}>
                  {t('devices.logOut')}
                </Button>
              )
            }
          >
            {name(session.device)}
          </List.Item>
        ))}
      </List>
      {sessions.length > 1 ? (
        <div className="settings-actions">
          <Button block fill="outline" color="danger" loading={revokeOthers.isPending} onClick={confirmRevokeOthers} data-testid="sessions-revoke-others">
            {t('devices.revokeOthers')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** Every login attempt, newest first, ten at a time. */
export function LoginHistoryList() {
  const { t } = useTranslation('settings');
  const name = useDeviceName();
  const history = useLoginHistory();
  if (!history.data) return <Skeleton.Paragraph lineCount={3} animated className="content-skeleton" />;
  const entries = history.data.pages.flatMap((page) => page.list);
  return (
    <>
      <List className="settings-list" mode="card" header={t('devices.history')} data-testid="login-history">
        {entries.map((entry) => (
          <List.Item
            key={entry.id}
            data-testid="login-history-item"
            description={
              <span className="device-facts">
                {formatDateTime(entry.time)} · {entry.ip}
              </span>
            }
            extra={
              entry.success ? (
                <Tag color="success" fill="outline">
                  {t('devices.succeeded')}
                </Tag>
              ) : (
                <Tag color="danger" fill="outline">
                  {entry.failure ? t(`common:loginFailures.${entry.failure}`) : t('devices.failed')}
                </Tag>
              )
            }
          >
            {name(entry.device)}
          </List.Item>
        ))}
      </List>
      {history.hasNextPage ? (
        <div className="settings-actions">
          <Button block fill="none" color="primary" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()} data-testid="login-history-more">
            {t('devices.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
