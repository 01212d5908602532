import type { FastifyRequest } from 'fastify';
import { plainMessageText, SUPPORT_MESSAGE_MAX_LENGTH } from '@openbourse/core';
import { z } from 'zod';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, SessionInvalidError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, language, optionalText } from '../../platform/fields.ts';
import {
  type ChatIdentity,
  type Conversation,
  claimVisitorConversations,
  currentConversation,
  markReadByUser,
  messagesOf,
  postUserMessage,
  presentSupportMessage,
  SUPPORT_TOPICS,
  unreadByUser,
} from '../../platform/support-chat.ts';
import { newToken, sha256 } from '../../platform/tokens.ts';
import { isOwnUpload } from '../../platform/uploaded-files.ts';

/**
 * Live customer service for users and visitors (`/support/*`). A logged-in
 * user is identified by their session; a visitor by a device token from
 * `/support/visitor` that the app keeps and sends as `visitor_token`. Support's
 * answers arrive over the realtime socket: on the user's authenticated socket
 * as channel `support`, for a visitor on the conversation's `support:<key>`.
 */

const HISTORY_PAGE = 50;
/**
 * Per-address limits on what a visitor can do without an account: every new
 * device token can open a conversation, so tokens and visitors' messages are
 * counted per IP (SUPPORT_RATE_LIMITS counts within one conversation only).
 * A phone keeps its token, so a real visitor asks for one once.
 */
const VISITOR_TOKEN_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };
const VISITOR_MESSAGE_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

const visitorToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .optional()
  .describe('A visitor\'s device token from /support/visitor; ignored when the request carries a user token');

const identityQuery = z.object({ visitor_token: visitorToken, lang: language() });

const sendBody = z.object({
  visitor_token: visitorToken,
  content: optionalText(SUPPORT_MESSAGE_MAX_LENGTH).describe('The text; or an image instead'),
  image: optionalText(200).describe('The address of an image the user uploaded with /user/upload (users only)'),
  topic: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(SUPPORT_TOPICS).optional())
    .describe('What a page opened the chat about'),
  lang: language(),
});

function identityOf(ctx: AppContext, request: FastifyRequest, token: string | undefined): ChatIdentity {
  const user = optionalUser(ctx, request);
  if (user) return { userId: user.id };
  if (!token) throw new AppError('errors.visitorTokenMissing');
  return { visitorHash: sha256(token) };
}

function presentConversation(ctx: AppContext, identity: ChatIdentity, conversation: Conversation | undefined) {
  if (!conversation) return { id: null, status: 'new', topic: null, channel: null, unread: 0, operator_read_id: 0, messages: [], has_more: false };
  const messages = messagesOf(ctx, conversation.id, { limit: HISTORY_PAGE + 1 });
  const hasMore = messages.length > HISTORY_PAGE;
  return {
    id: conversation.id,
    status: conversation.status,
    topic: conversation.topic,
    // Users hear their conversation on their authenticated socket; only a visitor needs the conversation's own channel.
    channel: 'visitorHash' in identity ? `support:${conversation.channelKey}` : null,
    unread: unreadByUser(ctx, conversation),
    operator_read_id: conversation.operatorReadId,
    messages: (hasMore ? messages.slice(1) : messages).map(presentSupportMessage),
    has_more: hasMore,
  };
}

export const supportChatFeature: Feature = (api, { ctx, guards }) => {
  const tags = ['support'];

  api.post(
    '/support/visitor',
    {
      schema: { tags, summary: 'A new device token for a visitor\'s support chat (at most 20 per address in 10 minutes); the app keeps it for good, also as its device id', body: z.object({ lang: language() }).optional() },
      config: { rateLimit: VISITOR_TOKEN_RATE_LIMIT },
    },
    async () => ok({ visitor_token: newToken() }),
  );

  api.get('/support/conversation', { schema: { tags, summary: 'The caller\'s support conversation: the latest messages, read state, unread count and realtime channel', querystring: identityQuery } }, async (request) => {
    const identity = identityOf(ctx, request, request.query.visitor_token);
    return ok(presentConversation(ctx, identity, currentConversation(ctx, identity)));
  });

  api.get(
    '/support/history',
    { schema: { tags, summary: 'Older messages of the caller\'s conversation, before a message id', querystring: z.object({ visitor_token: visitorToken, before_id: id(), lang: language() }) } },
    async (request) => {
      const identity = identityOf(ctx, request, request.query.visitor_token);
      const conversation = currentConversation(ctx, identity);
      if (!conversation) return ok({ messages: [], has_more: false });
      const messages = messagesOf(ctx, conversation.id, { beforeId: request.query.before_id, limit: HISTORY_PAGE + 1 });
      const hasMore = messages.length > HISTORY_PAGE;
      return ok({ messages: (hasMore ? messages.slice(1) : messages).map(presentSupportMessage), has_more: hasMore });
    },
  );

  api.post(
    '/support/send',
    {
      schema: { tags, summary: 'Send support a text or (users) an image; opens a conversation when none is open. Visitors: at most 20 messages per address a minute', body: sendBody },
      // Users are limited per conversation (SUPPORT_RATE_LIMITS); only visitors, who can make new conversations at will, per address too.
      config: { rateLimit: { ...VISITOR_MESSAGE_RATE_LIMIT, allowList: (request: FastifyRequest) => optionalUser(ctx, request) !== null } },
    },
    async (request) => {
      const { content, image, topic, visitor_token } = request.body;
      const identity = identityOf(ctx, request, visitor_token);
      let message: { kind: 'text' | 'image'; body: string };
      if (image) {
        if (!('userId' in identity)) throw new SessionInvalidError('errors.pleaseLogin');
        if (!isOwnUpload(ctx.db, identity.userId, image)) throw new AppError('errors.chatImageInvalid');
        message = { kind: 'image', body: image };
      } else {
        const text = plainMessageText(content ?? '');
        if (!text) throw new AppError('errors.chatMessageEmpty');
        message = { kind: 'text', body: text };
      }
      const posted = postUserMessage(ctx, identity, { ...message, topic, lang: request.lang });
      return ok({ conversation_id: posted.conversation.id, message: presentSupportMessage(posted.message) });
    },
  );

  api.post(
    '/support/read',
    { schema: { tags, summary: 'Mark support\'s messages read up to a message id', body: z.object({ visitor_token: visitorToken, up_to_id: id(), lang: language() }) } },
    async (request) => {
      const identity = identityOf(ctx, request, request.body.visitor_token);
      const conversation = currentConversation(ctx, identity);
      if (!conversation) throw new AppError('errors.conversationNotFound');
      const updated = markReadByUser(ctx, conversation, request.body.up_to_id);
      return ok({ unread: unreadByUser(ctx, updated) });
    },
  );

  api.get('/support/unread', { schema: { tags, summary: 'How many of support\'s messages the caller has not read (the tab badge)', querystring: identityQuery } }, async (request) => {
    const identity = identityOf(ctx, request, request.query.visitor_token);
    const conversation = currentConversation(ctx, identity);
    return ok({ unread: conversation ? unreadByUser(ctx, conversation) : 0 });
  });

  api.post(
    '/support/claim',
    {
      schema: { tags, summary: 'After login: the visitor\'s chat on this device joins the account', body: z.object({ visitor_token: z.string().regex(/^[A-Za-z0-9_-]{43}$/), lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const identity: ChatIdentity = { userId: user.id };
      return ok(presentConversation(ctx, identity, claimVisitorConversations(ctx, sha256(request.body.visitor_token), user.id)));
    },
  );
};

