import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

export interface ContactPage {
  slug: string;
  title: string;
  body: string;
}

export interface GuideArticle {
  id: number;
  title: string;
  summary: string;
  image: string;
}

/** The new-user guide category of the news API. */
const GUIDE_CATEGORY = 99999;

export function useContactPage() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['page', 'contactus', lang], queryFn: () => api.get<ContactPage>('/contactus') });
}

export function useGuides() {
  const { lang } = useSession();
  return useQuery({
    queryKey: ['news', 'list', GUIDE_CATEGORY, lang],
    queryFn: async () => (await api.post<{ list: GuideArticle[] }>('/news/list', { c_id: GUIDE_CATEGORY })).list,
  });
}

/** Copies to the clipboard, with the older selection-based way where the Clipboard API is unavailable (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.appendChild(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

/** Only web addresses become links; `t.me/name` is shown as `@name`. */
export function telegramLink(value: string | undefined): { href: string | null; label: string } | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { href: null, label: value };
    const handle = url.hostname === 't.me' || url.hostname === 'telegram.me' ? url.pathname.replace(/^\/+|\/+$/g, '') : '';
    return { href: url.href, label: handle && !handle.includes('/') ? `@${handle}` : `${url.host}${url.pathname}`.replace(/\/$/, '') };
  } catch {
    return { href: null, label: value.startsWith('@') ? value : `@${value}` };
  }
}
