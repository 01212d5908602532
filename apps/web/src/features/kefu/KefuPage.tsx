import { Button, Image, ImageViewer, List, Skeleton, TextArea } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, toast } from '../../shared/api/request.ts';
import { queryClient } from '../../shared/api/queries.ts';
import type { SupportTopic } from '../../shared/navigation.ts';
import { useChannel } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { applyFrame, conversationKey, loadEarlier, markRead, type SupportConversation, type SupportFrame, type SupportMessage, useConversation, useSendMessage } from './api.ts';
import './kefu.css';

const TOPICS: readonly SupportTopic[] = ['recharge', 'bank_card', 'nft_sale', 'withdrawal', 'account'];
const isTopic = (value: string | null): value is SupportTopic => TOPICS.includes(value as SupportTopic);

/** The customer-service tab: a live chat with support (text and pictures), for users and visitors. */
export default function KefuPage() {
  const { t } = useTranslation('kefu');
  const navigate = useNavigate();
  const { token } = useSession();
  const [params] = useSearchParams();
  const topicParam = params.get('topic');
  const topic = isTopic(topicParam) ? topicParam : undefined;
  const conversation = useConversation();
  const send = useSendMessage(token);
  const [draft, setDraft] = useState(() => (topic ? t(`topics.${topic}`) : ''));
  const [earlier, setEarlier] = useState<SupportMessage[]>([]);
  const [hasEarlier, setHasEarlier] = useState<boolean | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const data = conversation.data;

  const onFrame = (frame: SupportFrame) => queryClient.setQueryData<SupportConversation>(conversationKey(token), (current) => current && applyFrame(current, frame));
  useChannel<SupportFrame>(token ? 'support' : (data?.channel ?? null), onFrame);

  const messages = [...earlier, ...(data?.messages ?? [])];
  const lastId = messages.at(-1)?.id ?? 0;

  // Everything on screen is read: support's messages up to the last one.
  useEffect(() => {
    if (data && data.unread > 0 && lastId > 0) void markRead(token, lastId);
  }, [data, lastId, token]);

  useEffect(() => {
    if (lastId > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const submitText = () => {
    const content = draft.trim();
    if (!content || send.isPending) return;
    send.mutate({ content, topic }, { onSuccess: () => setDraft('') });
  };

  const submitImage = async (file: File | undefined) => {
    if (!file) return;
    const url = await api.upload(file, 'support');
    send.mutate({ image: url, topic });
  };

  const showEarlier = async () => {
    const first = messages[0];
    if (!first) return;
    const page = await loadEarlier(first.id);
    setEarlier((current) => [...page.messages, ...current]);
    setHasEarlier(page.has_more);
  };

  return (
    <>
      <PageHeader title={t('title')} back={false} />
      <div className="kefu-chat" data-testid="kefu-chat">
        <div className="kefu-safety" data-testid="kefu-safety">
          {t('safety')}
        </div>
        <List className="kefu-links" mode="card">
          <List.Item onClick={() => navigate('/pages/common/faq')} data-testid="kefu-faq">
            {t('help')}
          </List.Item>
          <List.Item onClick={() => navigate('/pages/common/contactus')}>{t('contact')}</List.Item>
        </List>

        {(hasEarlier ?? data?.has_more) ? (
          <button type="button" className="kefu-earlier" onClick={showEarlier}>
            {t('earlier')}
          </button>
        ) : null}

        <div className="kefu-messages" data-testid="kefu-messages">
          <div className="kefu-bubble kefu-bubble--support">{t('welcome')}</div>
          {data ? (
            messages.map((message) => (
              <div key={message.id} className={`kefu-row kefu-row--${message.sender}`} data-testid={`kefu-message-${message.sender}`}>
                <div className={`kefu-bubble kefu-bubble--${message.sender === 'user' ? 'user' : 'support'}`}>
                  {message.sender === 'operator' ? <div className="kefu-bubble__from">{t('support')}</div> : null}
                  {message.kind === 'image' ? (
                    <Image src={message.body} className="kefu-bubble__image" fit="cover" onClick={() => setViewing(message.body)} />
                  ) : (
                    <span className="kefu-bubble__text">{message.body}</span>
                  )}
                </div>
                <div className="kefu-meta">
                  {formatDateTime(message.created_at)}
                  {message.sender === 'user' ? (
                    <span className={message.id <= data.operator_read_id ? 'kefu-meta__read' : ''} data-testid="kefu-read-state">
                      {' · '}
                      {message.id <= data.operator_read_id ? t('read') : t('unread')}
                    </span>
                  ) : null}
                </div>
              </div>
            ))
          ) : (
            <Skeleton.Paragraph lineCount={4} animated />
          )}
          {data?.status === 'closed' ? <div className="kefu-closed">{t('closed')}</div> : null}
          <div ref={bottom} />
        </div>
      </div>

      <div className="kefu-composer">
        <button
          type="button"
          className="kefu-composer__image"
          aria-label={t('image')}
          onClick={() => (token ? fileInput.current?.click() : toast(t('loginForImages')))}
          data-testid="kefu-image"
        >
          <PictureOutline />
        </button>
        <input ref={fileInput} type="file" accept="image/*" hidden onChange={(event) => void submitImage(event.target.files?.[0])} />
        {/* Grows to three lines, so a question filled in from a "contact customer service" link reads whole before it is sent. */}
        <TextArea
          className="kefu-composer__input"
          value={draft}
          onChange={setDraft}
          placeholder={t('placeholder')}
          maxLength={2000}
          rows={1}
          autoSize={{ minRows: 1, maxRows: 3 }}
          onEnterPress={(event) => {
            if (event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submitText();
          }}
          data-testid="kefu-input"
        />
        <Button color="primary" size="small" onClick={submitText} loading={send.isPending} disabled={!draft.trim()} data-testid="kefu-send">
          {t('send')}
        </Button>
      </div>
      <ImageViewer image={viewing ?? ''} visible={viewing !== null} onClose={() => setViewing(null)} />
    </>
  );
}
