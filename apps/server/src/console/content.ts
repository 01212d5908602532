import { LANGUAGES, type Language } from '@openbourse/i18n';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { CONTENT_KINDS, type ContentKind, consoleContent } from '../db/schema.ts';
import { writeAudit } from '../platform/audit.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { language } from '../platform/fields.ts';
import { CONTENT_ADAPTERS, type ContentDoc, type ContentKindAdapter, missingLanguages } from './content-kinds.ts';
import { type ConsoleModule, consoleDoc } from './scope.ts';
import { reviewerOf } from './sessions.ts';

/**
 * News, banners, the pop-up notice (an article flagged `popup`), the FAQ and
 * the static pages, per language. An operator edits a draft; publishing puts
 * it on the site when every language is filled in. Every edited item is the
 * console's from then on, so start-up seeding from data/ never overwrites it.
 */

type OwnedRow = typeof consoleContent.$inferSelect;

const keyParams = z.object({ key: z.string().trim().regex(/^[a-z0-9_]{1,40}$/) });
const langBody = z.object({ lang: language() }).optional();

function ownedRow(db: Db, kind: ContentKind, key: string): OwnedRow | undefined {
  return db.select().from(consoleContent).where(and(eq(consoleContent.kind, kind), eq(consoleContent.key, key))).get();
}

/** The languages' names in the caller's list order, for the "still missing" message. */
function languageNames(codes: Language[]): string {
  return LANGUAGES.filter((entry) => codes.includes(entry.code)).map((entry) => entry.nativeName).join(', ');
}

/** A document's title in the reader's language, else English, else Chinese, else any. */
function titleOf(doc: ContentDoc | undefined, lang: Language): string {
  const texts = (doc?.texts ?? {}) as Partial<Record<Language, { title?: string; question?: string }>>;
  for (const code of [lang, 'en', 'zh'] as Language[]) {
    const text = texts[code];
    const title = text?.title || text?.question;
    if (title) return title;
  }
  const first = Object.values(texts).find((text) => text?.title || text?.question);
  return first?.title || first?.question || '';
}

interface ItemState {
  live: ContentDoc | null;
  draft: ContentDoc | null;
}

function stateOf(db: Db, adapter: ContentKindAdapter, kind: ContentKind, key: string): ItemState & { owned: OwnedRow | undefined } {
  const owned = ownedRow(db, kind, key);
  return { live: adapter.readLive(db, key) ?? null, draft: (owned?.draft as ContentDoc | null | undefined) ?? null, owned };
}

function registerKind(api: Parameters<ConsoleModule>[0], deps: Parameters<ConsoleModule>[1], kind: ContentKind): void {
  const { ctx, guards } = deps;
  const { db } = ctx;
  const adapter = CONTENT_ADAPTERS[kind];
  const view = guards.permit('content.view');
  const edit = guards.permit('content.edit');
  const publish = guards.permit('content.publish');
  const docBody = z.object({ doc: adapter.schema, lang: language() });
  const base = `/content/${kind}`;

  function requireItem(key: string) {
    const state = stateOf(db, adapter, kind, key);
    if (!state.live && !state.draft) throw new AppError('errors.recordNotFound');
    return state;
  }

  /** One audited change of one item, in one transaction. */
  function change(request: FastifyRequest, key: string, action: string, apply: (tx: Db, state: ReturnType<typeof stateOf>, now: number) => void) {
    const now = ctx.now();
    const reviewer = reviewerOf(request);
    return db.transaction((tx) => {
      const before = stateOf(tx, adapter, kind, key);
      apply(tx, before, now);
      const after = stateOf(tx, adapter, kind, key);
      const recorded = { before: { live: before.live, draft: before.draft }, after: { live: after.live, draft: after.draft } };
      // A save that changed nothing (saved twice, or a draft equal to itself) leaves no entry with nothing in it.
      if (JSON.stringify(recorded.before) !== JSON.stringify(recorded.after)) writeAudit(tx, { ...reviewer, action, targetType: `content.${kind}`, targetId: key, ...recorded }, now);
      return present(key, after);
    });
  }

  function present(key: string, state: ReturnType<typeof stateOf>) {
    return {
      key,
      kind,
      live: state.live,
      draft: state.draft,
      missing_live: state.live ? missingLanguages(adapter, state.live) : [],
      missing_draft: state.draft ? missingLanguages(adapter, state.draft) : [],
      draft_updated_at: state.owned?.draftUpdatedAt ?? null,
      published_at: state.owned?.publishedAt ?? null,
      creatable: adapter.creatable,
    };
  }

  function saveDraft(tx: Db, key: string, doc: ContentDoc, live: boolean, operatorId: number, now: number) {
    const values = { kind, key, draft: doc, draftUpdatedAt: now, draftUpdatedBy: operatorId, live };
    tx.insert(consoleContent).values(values).onConflictDoUpdate({ target: [consoleContent.kind, consoleContent.key], set: values }).run();
  }

  api.get(base, { schema: consoleDoc(`Every ${kind} item: on the site, with a draft, or both`, { querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) => {
    const drafts = db
      .select()
      .from(consoleContent)
      .where(and(eq(consoleContent.kind, kind), isNotNull(consoleContent.draft)))
      .all();
    const draftByKey = new Map(drafts.map((row) => [row.key, row.draft as ContentDoc]));
    const keys = [...new Set([...adapter.liveKeys(db), ...draftByKey.keys()])];
    return ok(
      keys.map((key) => {
        const live = adapter.readLive(db, key);
        const draft = draftByKey.get(key);
        const shown = draft ?? live;
        const meta = shown as Partial<{ category: string; popup: boolean; sort: number }> | undefined;
        return {
          key,
          title: titleOf(shown, request.lang),
          category: meta?.category ?? null,
          popup: meta?.popup ?? false,
          sort: meta?.sort ?? null,
          on_site: live !== undefined,
          has_draft: draft !== undefined,
          missing: shown ? missingLanguages(adapter, shown).length : 0,
        };
      }),
    );
  });

  api.get(`${base}/:key`, { schema: consoleDoc(`One ${kind} item: the version on the site and the draft, all ten languages`, { params: keyParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) =>
    ok(present(request.params.key, requireItem(request.params.key))),
  );

  api.post(`${base}/:key/draft`, { schema: consoleDoc(`Save a draft of a ${kind} item (the site is unchanged until it is published)`, { params: keyParams, body: docBody }), preValidation: edit }, async (request) => {
    const { key } = request.params;
    requireItem(key);
    return ok(change(request, key, 'content.draft', (tx, state, now) => saveDraft(tx, key, request.body.doc, state.live !== null, reviewerOf(request).operatorId, now)));
  });

  api.post(`${base}/:key/publish`, { schema: consoleDoc(`Publish the draft of a ${kind} item: every language must be filled in`, { params: keyParams, body: langBody }), preValidation: publish }, async (request) => {
    const { key } = request.params;
    return ok(
      change(request, key, 'content.publish', (tx, state, now) => {
        if (!state.draft) throw new AppError('console.content.noDraft');
        const missing = missingLanguages(adapter, state.draft);
        if (missing.length > 0) throw new AppError('console.content.missingLanguages', { languages: languageNames(missing) });
        adapter.writeLive(tx, key, state.draft, now);
        const values = { kind, key, draft: null, live: true, publishedAt: now, publishedBy: reviewerOf(request).operatorId };
        tx.insert(consoleContent).values(values).onConflictDoUpdate({ target: [consoleContent.kind, consoleContent.key], set: values }).run();
      }),
    );
  });

  api.post(`${base}/:key/discard`, { schema: consoleDoc(`Discard the draft of a ${kind} item; an item not on the site is then gone for good`, { params: keyParams, body: langBody }), preValidation: edit }, async (request) => {
    const { key } = request.params;
    return ok(
      change(request, key, 'content.discard', (tx, state) => {
        if (!state.draft) throw new AppError('console.content.noDraft');
        const where = and(eq(consoleContent.kind, kind), eq(consoleContent.key, key));
        // A live item the console never published is data/'s again; anything else stays the console's, so an item taken down does not come back at the next start.
        if (state.live && !state.owned?.publishedAt) tx.delete(consoleContent).where(where).run();
        else tx.update(consoleContent).set({ draft: null, draftUpdatedAt: null, draftUpdatedBy: null }).where(where).run();
      }),
    );
  });

  if (!adapter.creatable) return;

  api.post(base, { schema: consoleDoc(`Start a new ${kind} item as a draft`, { body: docBody }), preValidation: edit }, async (request) => {
    const key = adapter.nextKey(db);
    return ok(change(request, key, 'content.create', (tx, _state, now) => saveDraft(tx, key, request.body.doc, false, reviewerOf(request).operatorId, now)));
  });

  api.post(`${base}/:key/unpublish`, { schema: consoleDoc(`Take a ${kind} item off the site; it is kept as a draft`, { params: keyParams, body: langBody }), preValidation: publish }, async (request) => {
    const { key } = request.params;
    return ok(
      change(request, key, 'content.unpublish', (tx, state, now) => {
        if (!state.live) throw new AppError('console.content.notOnSite');
        adapter.removeLive(tx, key);
        saveDraft(tx, key, state.draft ?? state.live, false, reviewerOf(request).operatorId, now);
      }),
    );
  });
}

export const consoleContentRoutes: ConsoleModule = (api, deps) => {
  for (const kind of CONTENT_KINDS) registerKind(api, deps, kind);
};
