import { CHAT_ROOM_MAX_LENGTH, chatRoomText } from '@openbourse/core';
import { z } from 'zod';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { mutedUntil, postRoomMessage, presentRoomMessage, ROOM_HISTORY, reportRoomMessage, roomMessages } from '../../platform/chat-room.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, language, optionalId, text } from '../../platform/fields.ts';

/**
 * The home grid's chat room (`/chatroom/*`): one public room per interface
 * language (the request's `lang`), readable by everyone, written by logged-in
 * users; new messages and removals arrive live on channel `chatroom:<lang>`.
 * Links and markup are stripped, posting is rate limited, support can remove
 * messages and mute authors from the console.
 */
export const chatRoomFeature: Feature = (api, { ctx, guards }) => {
  const tags = ['chatroom'];

  api.get(
    '/chatroom/messages',
    { schema: { tags, summary: 'The room of the request\'s language: the latest messages (or those before a message id) and whether the caller is muted', querystring: z.object({ before_id: optionalId(), lang: language() }) } },
    async (request) => {
      const user = optionalUser(ctx, request);
      const list = roomMessages(ctx, request.lang, request.query.before_id, ROOM_HISTORY);
      return ok({ room: request.lang, channel: `chatroom:${request.lang}`, muted_until: user ? mutedUntil(ctx, user.id) : null, list: list.map(presentRoomMessage) });
    },
  );

  api.post(
    '/chatroom/send',
    {
      schema: { tags, summary: `Post a short text (at most ${CHAT_ROOM_MAX_LENGTH} characters; links and markup are removed) to the room of the request's language`, body: z.object({ content: text(CHAT_ROOM_MAX_LENGTH * 2), lang: language() }) },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const user = currentUser(request);
      const body = chatRoomText(request.body.content);
      if (!body) throw new AppError('errors.chatMessageEmpty');
      if (body.length > CHAT_ROOM_MAX_LENGTH) throw new AppError('errors.chatMessageTooLong', { max: CHAT_ROOM_MAX_LENGTH });
      return ok(presentRoomMessage(postRoomMessage(ctx, user.id, request.lang, body)));
    },
  );

  api.post(
    '/chatroom/report',
    { schema: { tags, summary: 'Report a message to support (once per reader)', body: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      reportRoomMessage(ctx, currentUser(request).id, request.body.id);
      return ok(null);
    },
  );
};
