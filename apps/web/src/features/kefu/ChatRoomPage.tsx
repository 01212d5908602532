import { Button, Input } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_ROOM_MAX_LENGTH } from '@openbourse/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, toast } from '../../shared/api/request.ts';
import { ROUTES } from '../../shared/navigation.ts';
import { useChannel } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import './kefu.css';
import { confirmOnce } from '../../shared/ui/confirm.ts';

interface RoomMessage {
  id: number;
  user_id: number;
  nickname: string;
  body: string;
  created_at: number;
}

interface Room {
  room: string;
  channel: string;
  muted_until: number | null;
  list: RoomMessage[];
}

/** The notices that change whether the reader may post. */
const MUTE_NOTICES = new Set(['account.chat_muted', 'account.chat_unmuted']);

type RoomFrame = { type: 'history'; list: RoomMessage[] } | { type: 'message'; message: RoomMessage } | { type: 'removed'; id: number };

const MAX_SHOWN = 200;

function applyRoomFrame(room: Room, frame: RoomFrame): Room {
  switch (frame.type) {
    case 'history': {
      const known = new Set(room.list.map((message) => message.id));
      return { ...room, list: [...room.list, ...frame.list.filter((message) => !known.has(message.id))].sort((a, b) => a.id - b.id).slice(-MAX_SHOWN) };
    }
    case 'message':
      return room.list.some((message) => message.id === frame.message.id) ? room : { ...room, list: [...room.list, frame.message].slice(-MAX_SHOWN) };
    case 'removed':
      return { ...room, list: room.list.filter((message) => message.id !== frame.id) };
  }
}

/** The home grid's chat room: the public room of the interface language, live. */
export default function ChatRoomPage() {
  const { t } = useTranslation('kefu');
  const navigate = useNavigate();
  const { token, lang, user } = useSession();
  const key = ['chatroom', lang, token];
  const queryClient = useQueryClient();
  const room = useQuery({ queryKey: key, queryFn: () => api.get<Room>('/chatroom/messages') });
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  useChannel<RoomFrame>(`chatroom:${lang}`, (frame) => queryClient.setQueryData<Room>(key, (current) => current && applyRoomFrame(current, frame)));
  // Muted or let speak again by customer service while the room is open: the room shows it at once, instead of after a refused send.
  useChannel<{ kind?: string }>(token ? 'notifications' : null, (frame) => {
    if (frame?.kind && MUTE_NOTICES.has(frame.kind)) void queryClient.invalidateQueries({ queryKey: key });
  });
  const list = room.data?.list ?? [];
  const lastId = list.at(-1)?.id ?? 0;
  useEffect(() => {
    if (lastId > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const send = async () => {
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const message = await api.post<RoomMessage>('/chatroom/send', { content });
      queryClient.setQueryData<Room>(key, (current) => current && applyRoomFrame(current, { type: 'message', message }));
      setDraft('');
    } catch {
      // The request layer showed the reason (too fast, muted); a mute this page had not heard of shows from now on.
      void room.refetch();
    } finally {
      setSending(false);
    }
  };

  const report = async (message: RoomMessage) => {
    if (!token) return navigate(ROUTES.login);
    if (!(await confirmOnce({ content: t('room.reportConfirm') }))) return;
    await api.post('/chatroom/report', { id: message.id });
    toast(t('room.reported'));
  };

  const mutedUntil = room.data?.muted_until ?? null;
  return (
    <>
      <PageHeader title={t('room.title')} />
      <p className="room-rules">{t('room.rules')}</p>
      <div className="room-list" data-testid="chatroom-list">
        {room.data && list.length === 0 ? <div className="room-empty">{t('room.empty')}</div> : null}
        {list.map((message) => {
          const mine = user?.id === message.user_id;
          return (
            <div key={message.id} className={`room-message${mine ? ' room-message--mine' : ''}`} data-testid="chatroom-message">
              <div className="room-message__head">
                <span className="room-message__name">{message.nickname}</span>
                <span>{formatDateTime(message.created_at)}</span>
                {mine ? null : (
                  <button type="button" className="room-message__report" onClick={() => void report(message)}>
                    {t('room.report')}
                  </button>
                )}
              </div>
              <div className="room-message__body">{message.body}</div>
            </div>
          );
        })}
        <div ref={bottom} />
      </div>
      <div className="kefu-composer kefu-composer--bottom">
        {!token ? (
          <button type="button" className="kefu-composer__hint" onClick={() => navigate(ROUTES.login)}>
            {t('room.loginToPost')}
          </button>
        ) : mutedUntil ? (
          <span className="kefu-composer__hint" data-testid="chatroom-muted">
            {t('room.muted', { time: formatDateTime(mutedUntil) })}
          </span>
        ) : (
          <>
            <Input className="kefu-composer__input" value={draft} onChange={setDraft} placeholder={t('placeholder')} maxLength={CHAT_ROOM_MAX_LENGTH} onEnterPress={() => void send()} data-testid="chatroom-input" />
            <Button color="primary" size="small" onClick={() => void send()} loading={sending} disabled={!draft.trim()} data-testid="chatroom-send">
              {t('send')}
            </Button>
          </>
        )}
      </div>
    </>
  );
}
