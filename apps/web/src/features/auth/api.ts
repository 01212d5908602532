import { api } from '../../shared/api/request.ts';
import { session, type SessionUser } from '../../shared/session.ts';
import { deviceId } from '../../shared/device-id.ts';

export type CodeScene = 'register' | 'forget' | 'bind' | 'safe';

/** `/user/login` answers this instead of a token when the account has two-factor on. */
export interface SecondStepRequired {
  two_factor_required: true;
  challenge: string;
  expires_in: number;
}

export const authApi = {
  sendEmailCode: (userString: string, scene: CodeScene) => api.post<string>('/sms_mail', { user_string: userString, scene }),
  sendSmsCode: (mobile: string, areaCode: string, scene: CodeScene) => api.post<string>('/sms_send', { mobile, area_code: areaCode, scene }),
  checkCode: (userString: string, code: string, scene: CodeScene) => api.post<string>('/user/check_email', { user_string: userString, email_code: code, scene }),
  register: async (values: { user_string: string; code: string; password: string; re_password: string; extension_code?: string; type: 'email' | 'mobile'; area_code?: string }) =>
    // The device id lets the server limit sign-ups per device and withhold rebates between accounts of one device (invite farms).
    api.post<string>('/user/register', { ...values, device_token: await deviceId() }),
  login: (userString: string, password: string) => api.post<string | SecondStepRequired>('/user/login', { user_string: userString, password }),
  loginSecondStep: (challenge: string, code: string) => api.post<string>('/user/login/2fa', { challenge, code }),
  resetPassword: (values: { account: string; code: string; password: string; repassword: string }) => api.post<string>('/user/forget', values),
};

/** Stores the token, then the profile, so every page after login knows who is signed in. */
export async function completeSignIn(token: string): Promise<void> {
  session.signIn(token);
  session.setUser(await api.get<SessionUser>('/user/info'));
}
