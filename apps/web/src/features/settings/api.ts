import { useQuery } from '@tanstack/react-query';
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
  verification: VerificationSummary;
  created_at: number;
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

  bindMobile: (values: { mobile: string; code: string; area_code: string }) => api.post<string>('/safe/mobile', values),
  bindEmail: (values: { email: string; code: string }) => api.post<string>('/safe/email', values),

  changePassword: (values: { password_old: string; password: string; repassword: string }) => api.post<string>('/user/forget', values),
  resetPassword: (values: { account: string; code: string; password: string; repassword: string }) => api.post<string>('/user/forget', values),
  setPayPassword: (values: { password: string; re_password: string; code: string }) => api.post<string>('/safe/update_password', values),

  uploadIdentity: (file: File) => api.upload(file, 'identity'),
  submitLv1: (values: { id_type: number; name: string; card_id: string; front_pic: string }) => api.post<string>('/user/real', { real_type: 1, ...values }),
  submitLv2: (values: { front_pic: string; reverse_pic: string }) => api.post<string>('/user/real', { real_type: 2, ...values }),
};
