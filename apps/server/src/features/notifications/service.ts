import type { Language } from '@openbourse/i18n';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { newsArticles, newsTranslations, notifications, users } from '../../db/schema.ts';
import type { UserEvent } from '../../market/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { userLanguage } from '../../platform/users.ts';
import { type Page, pageWindow, toPage } from '../../platform/fields.ts';
import { ANNOUNCED_ARTICLE_CATEGORY, ANNOUNCEMENT_KIND, NOTIFICATION_KINDS, UNKNOWN_KIND } from './kinds.ts';
import { localizedParams, notificationText } from './templates.ts';

/** How far back a new account still sees announcements published before it existed. */
const ANNOUNCEMENT_LOOKBACK_MS = 30 * 24 * 3600_000;

export interface PresentedNotification {
  id: number;
  kind: string;
  category: string;
  title: string;
  content: string;
  link: string;
  read: boolean;
  created_at: number;
  read_at: number | null;
}

type NotificationRow = typeof notifications.$inferSelect;

export function createNotificationService(ctx: AppContext) {
  const { db, sqlite } = ctx;

  const insertAnnouncements = sqlite.prepare(`
    INSERT OR IGNORE INTO notifications (user_id, kind, ref_type, ref_id, params, link, created_at)
    SELECT @userId, '${ANNOUNCEMENT_KIND}', 'news_article', CAST(a.id AS TEXT), '{}', '/pages/common/article?id=' || a.id, a.published_at
    FROM news_articles a
    WHERE a.category_id = ${ANNOUNCED_ARTICLE_CATEGORY} AND a.published_at <= @now AND a.published_at >= @since`);
  // An article the console took down leaves the centres too.
  const dropWithdrawnAnnouncements = sqlite.prepare(`
    DELETE FROM notifications
    WHERE user_id = ? AND kind = '${ANNOUNCEMENT_KIND}' AND NOT EXISTS (SELECT 1 FROM news_articles a WHERE CAST(a.id AS TEXT) = notifications.ref_id)`);

  const insertMessage = sqlite.prepare<[number, string, string, string, string, string, number], { id: number }>(
    'INSERT INTO notifications (user_id, kind, ref_type, ref_id, params, link, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  );
  const countUnread = sqlite.prepare<[number], { unread: number }>('SELECT COUNT(*) AS unread FROM notifications WHERE user_id = ? AND read_at IS NULL');

  /**
   * Unread counts of the users one was asked for, kept in step with every
   * change made here (this service is the only writer of notifications): a
   * message recorded for a user with thousands unread costs no count over them
   * (10,000 options settling together each record one).
   */
  const unreadByUser = new Map<number, number>();

  function unreadCount(userId: number): number {
    const known = unreadByUser.get(userId);
    if (known !== undefined) return known;
    const counted = countUnread.get(userId)?.unread ?? 0;
    unreadByUser.set(userId, counted);
    return counted;
  }

  function adjustUnread(userId: number, change: number): void {
    const known = unreadByUser.get(userId);
    if (known !== undefined) unreadByUser.set(userId, known + change);
  }

  /** Announcements are broadcast lazily: each user's centre picks up what was published when it is next looked at. */
  function syncAnnouncements(userId: number): void {
    const createdAt = db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get()?.createdAt ?? 0;
    const now = ctx.now();
    const changed = sqlite.transaction(() => {
      const added = insertAnnouncements.run({ userId, now, since: createdAt - ANNOUNCEMENT_LOOKBACK_MS }).changes;
      return added + dropWithdrawnAnnouncements.run(userId).changes;
    })();
    if (changed > 0) unreadByUser.delete(userId);
  }

  function announcementTitle(articleId: string, language: Language): string {
    const rows = db
      .select({ lang: newsTranslations.lang, title: newsTranslations.title })
      .from(newsTranslations)
      .innerJoin(newsArticles, eq(newsArticles.id, newsTranslations.articleId))
      .where(eq(newsTranslations.articleId, Number(articleId)))
      .all();
    const pick = rows.find((row) => row.lang === language) ?? rows.find((row) => row.lang === 'en') ?? rows[0];
    return pick?.title ?? '';
  }

  function present(row: NotificationRow, language: Language): PresentedNotification {
    const isAnnouncement = row.kind === ANNOUNCEMENT_KIND;
    const category = isAnnouncement ? 'announcement' : (NOTIFICATION_KINDS[row.kind] ?? UNKNOWN_KIND).category;
    return {
      id: row.id,
      kind: row.kind,
      category,
      title: notificationText(language, `categories.${category}`),
      content: isAnnouncement ? announcementTitle(row.refId, language) : notificationText(language, `messages.${row.kind}`, localizedParams(language, row.kind, row.params)),
      link: row.link,
      read: row.readAt !== null,
      created_at: row.createdAt,
      read_at: row.readAt,
    };
  }

  /** The user's own notification or "not found": another user's id reveals nothing. */
  function ownNotification(userId: number, id: number): NotificationRow {
    const row = db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).get();
    if (!row) throw new AppError('errors.recordNotFound');
    return row;
  }

  async function mail(userId: number, kind: string, params: Record<string, string | number>): Promise<void> {
    const user = db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
    if (!user?.email) return;
    const language = userLanguage(db, userId);
    const category = notificationText(language, `categories.${(NOTIFICATION_KINDS[kind] ?? UNKNOWN_KIND).category}`);
    await ctx.messenger.send({
      channel: 'email',
      to: user.email,
      lang: language,
      subject: notificationText(language, 'mailSubject', { site: ctx.catalog.site.site_name, category }),
      body: notificationText(language, `messages.${kind}`, localizedParams(language, kind, params)),
    });
  }

  return {
    /** Stores one message for an event (already committed by its feature), then tells the user's sockets and mails it when it is security-relevant. */
    record(event: UserEvent): number {
      const kind = NOTIFICATION_KINDS[event.kind] ?? UNKNOWN_KIND;
      const row = insertMessage.get(event.userId, event.kind, event.refType, String(event.refId), JSON.stringify(event.params), kind.link(event), event.time) as { id: number };
      adjustUnread(event.userId, 1);
      ctx.bus.emit('notification', { userId: event.userId, id: row.id, kind: event.kind, unread: unreadCount(event.userId) });
      if (kind.email) {
        mail(event.userId, event.kind, event.params).catch((error: unknown) => ctx.log.warn({ err: error, userId: event.userId, kind: event.kind }, 'notification mail not sent'));
      }
      return row.id;
    },

    list(userId: number, language: Language, page: number, limit: number, unreadOnly: boolean): Page<PresentedNotification> & { unread: number } {
      syncAnnouncements(userId);
      const window = pageWindow(page, limit);
      const where = unreadOnly ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);
      const rows = db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(window.limit).offset(window.offset).all();
      const total = db.select({ n: count() }).from(notifications).where(where).get()?.n ?? 0;
      return { ...toPage(rows.map((row) => present(row, language)), window, total), unread: unreadCount(userId) };
    },

    unread(userId: number): { unread: number } {
      syncAnnouncements(userId);
      return { unread: unreadCount(userId) };
    },

    markRead(userId: number, id: number, language: Language): PresentedNotification & { unread: number } {
      const row = ownNotification(userId, id);
      const readAt = row.readAt ?? ctx.now();
      if (row.readAt === null) {
        db.update(notifications).set({ readAt }).where(eq(notifications.id, id)).run();
        adjustUnread(userId, -1);
      }
      return { ...present({ ...row, readAt }, language), unread: unreadCount(userId) };
    },

    markAllRead(userId: number): { marked: number; unread: number } {
      syncAnnouncements(userId);
      const result = db.update(notifications).set({ readAt: ctx.now() }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt))).run();
      unreadByUser.set(userId, 0);
      return { marked: result.changes, unread: 0 };
    },
  };
}
