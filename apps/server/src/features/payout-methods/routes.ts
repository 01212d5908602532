import { abaNumberRule, bankAccountRule, type ChainId, canonicalAddress, internationalAccountRule, mobileRule, realNameRule, swiftCodeRule, XRP_MAX_TAG } from '@openbourse/core';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadChainSettings } from '../../chains/settings.ts';
import { bankCards, withdrawalAddresses } from '../../db/schema.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, pageWindow, pagination, text, toPage } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { maskAddress } from '../../platform/masks.ts';
import { isOwnUpload } from '../../platform/uploaded-files.ts';

/** Enough for every coin and chain a user pays out to; beyond it old entries should be cleaned up first. */
export const MAX_SAVED_ADDRESSES = 50;

const currencyReference = z.union([z.number().int().positive(), z.string().trim().min(1).max(20)]).describe('Currency id or symbol');

const saveAddressBody = z.object({
  currency: currencyReference,
  chain: z.preprocess(blankToUndefined, z.string().trim().max(10).optional()).describe('Chain; may be left out when the currency has one'),
  name: text(30).describe('A name to recognise the address by'),
  address: text(120).describe('Checked for the chain\'s format and checksum'),
  memo: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()).describe('Destination tag, on chains that take one (XRP)'),
  qrcode: text(200).describe('A picture of the address\'s QR code: a URL from /user/upload'),
  lang: language(),
});
const listQuery = z.object({ currency: z.preprocess(blankToUndefined, currencyReference.optional()), ...pagination });

const cardText = (max: number) => text(max);
const domesticCardBody = z.object({
  real_name: realNameRule.describe('Cardholder name'),
  bank_name: cardText(60),
  bank_account: bankAccountRule.describe('Card number'),
  bank_dizhi: cardText(100).describe('Province and city of the bank'),
  bank_network: cardText(100).describe('Branch'),
  phone: mobileRule.describe('Phone number registered with the card'),
  lang: language(),
});
const internationalCardBody = z.object({
  real_name: realNameRule.describe('Cardholder name'),
  bank_name: cardText(100),
  bank_account: internationalAccountRule.describe('Account number or IBAN'),
  bank_dizhi: cardText(200).describe('The bank\'s address'),
  aba_number: abaNumberRule.describe('ABA routing number'),
  wechat_nickname: swiftCodeRule.describe('SWIFT code (the spec\'s name for it)'),
  wechat_account: cardText(200).describe('Cardholder address (the spec\'s name for it)'),
  lang: language(),
});

function maskAccount(account: string): string {
  return account.length <= 4 ? account : `**** ${account.slice(-4)}`;
}

/**
 * Where withdrawals may go: saved addresses (checked for their chain's
 * format and checksum, duplicates refused) and one bank card plus one
 * international bank card, which once saved only customer service changes.
 */
export const payoutMethodsFeature: Feature = (api, { ctx, guards }) => {
  const { db, catalog } = ctx;
  const settings = loadChainSettings(ctx.config.seedDataDir, catalog);

  function resolveCurrency(reference: string | number) {
    const currency = typeof reference === 'number' || /^\d+$/.test(reference) ? catalog.currency(Number(reference)) : catalog.currencyBySymbol(reference.toUpperCase());
    if (!currency || settings.assetsOf(currency.id).length === 0) throw new AppError('errors.currencyNotFound');
    return currency;
  }

  function presentAddress(row: typeof withdrawalAddresses.$inferSelect) {
    const currency = catalog.currency(row.currencyId);
    return {
      id: row.id,
      currency_id: row.currencyId,
      currency: currency?.symbol ?? '',
      icon: currency?.icon ?? '',
      chain: row.chain,
      network: settings.networks.find((network) => network.chain === row.chain)?.name ?? row.chain,
      name: row.name,
      address: row.address,
      memo: row.memo || null,
      qrcode: row.qrcode,
      created_at: row.createdAt,
    };
  }

  api.post(
    '/user/wallet/save',
    { schema: { tags: ['payout methods'], summary: 'Save a withdrawal address (currency, chain, name, address, memo for XRP, QR picture): the address is checked for the chain, duplicates are refused', body: saveAddressBody }, preHandler: guards.requireUser },
    async (request) => {
      const { body } = request;
      const userId = currentUser(request).id;
      const currency = resolveCurrency(body.currency);
      const assets = settings.assetsOf(currency.id);
      const asset = body.chain === undefined ? (assets.length === 1 ? assets[0] : undefined) : settings.asset(currency.id, body.chain.toUpperCase());
      if (!asset) throw new AppError(body.chain === undefined ? 'errors.chainRequired' : 'errors.chainNotFound');
      const address = canonicalAddress(asset.chain as ChainId, body.address);
      if (!address) throw new AppError('errors.addressInvalid', { network: asset.network.name });
      let memo = '';
      if (body.memo !== undefined) {
        if (!asset.memo) throw new AppError('errors.memoNotTaken', { network: asset.network.name });
        if (!/^\d{1,10}$/.test(body.memo) || Number(body.memo) > XRP_MAX_TAG) throw new AppError('errors.memoInvalid');
        memo = String(Number(body.memo));
      }
      if (!isOwnUpload(db, userId, body.qrcode)) throw new AppError('errors.qrcodeMissing');
      const row = db.transaction((tx) => {
        const saved = tx.select({ total: count() }).from(withdrawalAddresses).where(eq(withdrawalAddresses.userId, userId)).get()?.total ?? 0;
        if (saved >= MAX_SAVED_ADDRESSES) throw new AppError('errors.tooManyAddresses', { count: MAX_SAVED_ADDRESSES });
        const duplicate = tx
          .select({ id: withdrawalAddresses.id })
          .from(withdrawalAddresses)
          .where(and(eq(withdrawalAddresses.userId, userId), eq(withdrawalAddresses.currencyId, currency.id), eq(withdrawalAddresses.chain, asset.chain), eq(withdrawalAddresses.address, address), eq(withdrawalAddresses.memo, memo)))
          .get();
        if (duplicate) throw new AppError('errors.addressDuplicate');
        return tx.insert(withdrawalAddresses).values({ userId, currencyId: currency.id, chain: asset.chain, name: body.name, address, memo, qrcode: body.qrcode, createdAt: ctx.now() }).returning().get();
      });
      ctx.bus.emit('user', {
        userId,
        kind: 'withdrawal.address_added',
        refType: 'withdrawal_address',
        refId: row.id,
        params: { currency: currency.symbol, chain: row.chain, address: maskAddress(row.address), name: row.name },
        time: row.createdAt,
      });
      return ok({ ...presentAddress(row), message: translate(request.lang, 'success.addressSaved') });
    },
  );

  api.get(
    '/user/wallet/list',
    { schema: { tags: ['payout methods'], summary: 'The user\'s saved withdrawal addresses, newest first, optionally of one currency', querystring: listQuery }, preHandler: guards.requireUser },
    async (request) => {
      const { query } = request;
      const userId = currentUser(request).id;
      const currency = query.currency === undefined ? undefined : resolveCurrency(query.currency);
      const where = and(eq(withdrawalAddresses.userId, userId), currency ? eq(withdrawalAddresses.currencyId, currency.id) : undefined);
      const window = pageWindow(query.page, query.limit);
      const total = db.select({ total: count() }).from(withdrawalAddresses).where(where).get()?.total ?? 0;
      const rows = db.select().from(withdrawalAddresses).where(where).orderBy(desc(withdrawalAddresses.id)).limit(window.limit).offset(window.offset).all();
      return ok(toPage(rows.map(presentAddress), window, total));
    },
  );

  api.post(
    '/user/wallet/del',
    { schema: { tags: ['payout methods'], summary: 'Delete a saved withdrawal address (requests already made keep their copy of it)', body: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const deleted = db
        .delete(withdrawalAddresses)
        .where(and(eq(withdrawalAddresses.id, request.body.id), eq(withdrawalAddresses.userId, currentUser(request).id)))
        .run();
      // Someone else's id answers like a missing one.
      if (deleted.changes === 0) throw new AppError('errors.withdrawalAddressNotFound');
      return ok(translate(request.lang, 'success.addressDeleted'));
    },
  );

  function saveCard(userId: number, kind: 'domestic' | 'international', values: Omit<typeof bankCards.$inferInsert, 'userId' | 'kind' | 'createdAt'>) {
    db.transaction((tx) => {
      const existing = tx.select({ userId: bankCards.userId }).from(bankCards).where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind))).get();
      // Spec 6: a saved card is changed only through customer service.
      if (existing) throw new AppError('errors.bankCardContactSupport');
      tx.insert(bankCards).values({ userId, kind, ...values, createdAt: ctx.now() }).run();
    });
  }

  function cardOf(userId: number, kind: 'domestic' | 'international') {
    return db.select().from(bankCards).where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind))).get();
  }

  api.post(
    '/user/cash_save',
    { schema: { tags: ['payout methods'], summary: 'Save the bank card (every field required); once saved, changes go through customer service', body: domesticCardBody }, preHandler: guards.requireUser },
    async (request) => {
      const { body } = request;
      saveCard(currentUser(request).id, 'domestic', { realName: body.real_name, bankName: body.bank_name, bankAccount: body.bank_account, bankAddress: body.bank_dizhi, bankBranch: body.bank_network, phone: body.phone });
      return ok(translate(request.lang, 'success.bankCardSaved'));
    },
  );

  api.post(
    '/user/cash_info',
    { schema: { tags: ['payout methods'], summary: 'The saved bank card (account number masked), or null', body: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const card = cardOf(currentUser(request).id, 'domestic');
      return ok(
        card
          ? {
          real_name: card.realName,
          bank_name: card.bankName,
          bank_account: maskAccount(card.bankAccount),
          bank_dizhi: card.bankAddress,
          bank_network: card.bankBranch,
          phone: card.phone ? `${card.phone.slice(0, 3)}****${card.phone.slice(-4)}` : null,
          created_at: card.createdAt,
          }
          : null,
      );
    },
  );

  api.post(
    '/user/cash_save_international',
    {
      schema: {
        tags: ['payout methods'],
        summary: 'Save the international bank card (every field required; wechat_nickname is the SWIFT code, wechat_account the cardholder address); once saved, changes go through customer service',
        body: internationalCardBody,
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      saveCard(currentUser(request).id, 'international', {
        realName: body.real_name,
        bankName: body.bank_name,
        bankAccount: body.bank_account,
        bankAddress: body.bank_dizhi,
        abaNumber: body.aba_number,
        swiftCode: body.wechat_nickname,
        holderAddress: body.wechat_account,
      });
      return ok(translate(request.lang, 'success.bankCardSaved'));
    },
  );

  api.post(
    '/user/cash_info_international',
    { schema: { tags: ['payout methods'], summary: 'The saved international bank card (account number masked), or null', body: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const card = cardOf(currentUser(request).id, 'international');
      return ok(
        card
          ? {
          real_name: card.realName,
          bank_name: card.bankName,
          bank_account: maskAccount(card.bankAccount),
          bank_dizhi: card.bankAddress,
          aba_number: card.abaNumber,
          wechat_nickname: card.swiftCode,
          wechat_account: card.holderAddress,
          created_at: card.createdAt,
          }
          : null,
      );
    },
  );
};
