import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/api/queries.ts';
import { api } from '../../shared/api/request.ts';
import { session, type SessionUser, useSession } from '../../shared/session.ts';

export type VerificationState = 'none' | 'review' | 'verified' | 'failed';

export interface VerificationSummary {
  level: number;
  state: VerificationState;
  status: number;
  /** The level under review or last refused, when there is one. */
  pending_level: number | null;
  reason: string | null;
}

export interface UserInfo extends SessionUser {
  area_code: string | null;
  account: string;
  masked_email: string | null;
  masked_phone: string | null;
  signature: string;
  invite_code: string;
  credit_score: number;
  has_pay_password: boolean;
  /** Password, fund password and binding forms ask for the authenticator code when this is on. */
  two_factor_enabled: boolean;
  security_changed_at: number | null;
  verification: VerificationSummary;
  created_at: number;
}

export interface SecurityOverview {
  two_factor_enabled: boolean;
  two_factor_enabled_at: number | null;
  recovery_codes_left: number;
  anti_phishing_code: string | null;
  security_changed_at: number | null;
  withdrawals_locked_until: number | null;
}

export interface TwoFactorSetup {
  secret: string;
  otpauth_uri: string;
  /** A PNG data URL. */
  qr_code: string;
}

export interface DeviceSession {
  id: number;
  device: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  current: boolean;
}

export type LoginFailure = 'password' | 'second_factor' | 'locked';

export interface LoginHistoryEntry {
  id: number;
  time: number;
  ip: string;
  device: string;
  success: boolean;
  failure: LoginFailure | null;
}

interface LoginHistoryPage {
  list: LoginHistoryEntry[];
  page: number;
  has_more: boolean;
}

export interface LevelRequest {
  id?: number;
  state: VerificationState;
  status: number;
  id_type?: number | null;
  name?: string | null;
  card_id?: string | null;
  reason?: string | null;
  submitted_at?: number;
  reviewed_at?: number | null;
}

export interface RealState extends VerificationSummary {
  email_bound: boolean;
  phone_bound: boolean;
  lv1: LevelRequest;
  lv2: LevelRequest;
}

export type CodeScene = 'forget' | 'bind' | 'safe';

export const USER_INFO_KEY = ['user', 'info'] as const;
export const REAL_STATE_KEY = ['real', 'state'] as const;
export const SECURITY_KEY = ['safe', 'security'] as const;
export const SESSIONS_KEY = ['safe', 'sessions'] as const;
export const LOGIN_HISTORY_KEY = ['safe', 'login_history'] as const;
const HISTORY_PAGE_SIZE = 10;

/** The signed-in user's profile; every fetch also refreshes the copy kept in the session. */
export function useUserInfo() {
  const { token } = useSession();
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: async () => {
      const user = await api.get<UserInfo>('/user/info');
      session.setUser(user);
      return user;
    },
    enabled: token !== null,
  });
}

export function useRealState() {
  return useQuery({ queryKey: REAL_STATE_KEY, queryFn: () => api.get<RealState>('/real/state') });
}

export function useSecurityOverview() {
  return useQuery({ queryKey: SECURITY_KEY, queryFn: () => api.get<SecurityOverview>('/safe/security') });
}

export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api.get<DeviceSession[]>('/safe/sessions') });
}

export function useLoginHistory() {
  return useInfiniteQuery({
    queryKey: LOGIN_HISTORY_KEY,
    queryFn: ({ pageParam }) => api.get<LoginHistoryPage>('/safe/login_history', { page: pageParam, limit: HISTORY_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** After two-factor or the anti-phishing code changed: the security overview and the profile (which says whether forms ask for a code). */
export function refreshSecurity(): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: SECURITY_KEY }), queryClient.invalidateQueries({ queryKey: USER_INFO_KEY })]).then(() => undefined);
}

/** After a change to the profile, bindings or verification: both views of the user are fetched again. */
export function refreshUser(): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }), queryClient.invalidateQueries({ queryKey: REAL_STATE_KEY })]).then(() => undefined);
}

export const settingsApi = {
  logout: () => api.get<string>('/user/logout', {}, { silent: true }),

  sendEmailCode: (scene: CodeScene, userString?: string) => api.post<string>('/sms_mail', { user_string: userString, scene }),
  sendSmsCode: (scene: CodeScene, mobile?: string, areaCode = '86') => api.post<string>('/sms_send', { mobile, area_code: areaCode, scene }),

  uploadAvatar: async (file: File) => {
    const url = await api.upload(file, 'avatar');
    await api.post<string>('/user/uploadHeadPortrait', { head_portrait: url });
    return url;
  },
  editProfile: (values: { nickname?: string; signature?: string }) => api.post<string>('/user/editNickname', values),

  bindMobile: (values: { mobile: string; code: string; area_code: string; two_factor_code?: string }) => api.post<string>('/safe/mobile', values),
  bindEmail: (values: { email: string; code: string; two_factor_code?: string }) => api.post<string>('/safe/email', values),

  changePassword: (values: { password_old: string; password: string; repassword: string; two_factor_code?: string }) => api.post<string>('/user/forget', values),
  resetPassword: (values: { account: string; code: string; password: string; repassword: string }) => api.post<string>('/user/forget', values),
  setPayPassword: (values: { password: string; re_password: string; code: string; two_factor_code?: string }) => api.post<string>('/safe/update_password', values),

  setupTwoFactor: () => api.post<TwoFactorSetup>('/safe/2fa/setup'),
  enableTwoFactor: (code: string) => api.post<{ message: string; recovery_codes: string[] }>('/safe/2fa/enable', { code }),
  disableTwoFactor: (code: string) => api.post<string>('/safe/2fa/disable', { code }),
  setAntiPhishingCode: (values: { anti_phishing_code: string; two_factor_code?: string }) => api.post<string>('/safe/anti_phishing', values),
  revokeSession: (id: number) => api.post<string>('/safe/sessions/revoke', { id }),
  revokeOtherSessions: () => api.post<string>('/safe/sessions/revoke_others'),

  uploadIdentity: (file: File) => api.upload(file, 'identity'),
  submitLv1: (values: { id_type: number; name: string; card_id: string; front_pic: string }) => api.post<string>('/user/real', { real_type: 1, ...values }),
  submitLv2: (values: { front_pic: string; reverse_pic: string }) => api.post<string>('/user/real', { real_type: 2, ...values }),
};
