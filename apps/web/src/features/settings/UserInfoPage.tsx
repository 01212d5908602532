import { nicknameRule, signatureRule } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Avatar, Button, Form, ImageUploader, List, Skeleton } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/api/request.ts';
import { session } from '../../shared/session.ts';
import { formatDate } from '../../shared/time.ts';
import { zodRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { refreshUser, settingsApi, type UserInfo, useUserInfo } from './api.ts';
import { copyText, optionalZodRule, TestIdInput, toastMessage } from './components.tsx';
import { checkImage } from '../../shared/ui/images.ts';

/** Profile: avatar, nickname and signature, and the read-only account facts. */
export default function UserInfoPage() {
  const { t } = useTranslation('settings');
  const { data } = useUserInfo();
  return (
    <>
      <PageHeader title={t('userInfo.title')} fallback="/pages/setting/setting" />
      {data ? (
        <>
          <AvatarUploader user={data} />
          <ProfileForm user={data} />
          <AccountFacts user={data} />
        </>
      ) : (
        <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />
      )}
    </>
  );
}

function AvatarUploader({ user }: { user: UserInfo }) {
  const { t } = useTranslation('settings');
  // The uploader keeps each upload, done or failed, and counts it against its one picture: a fresh one after every attempt lets the user pick again.
  const [attempt, setAttempt] = useState(0);
  const upload = async (file: File) => {
    try {
      const url = await settingsApi.uploadAvatar(file);
      session.setUser({ ...user, head_portrait: url });
      await refreshUser();
      toast(t('userInfo.avatarSaved'));
      return { url };
    } finally {
      setAttempt((count) => count + 1);
    }
  };
  return (
    <div className="settings-avatar">
      <ImageUploader key={attempt} value={[]} upload={upload} beforeUpload={checkImage} maxCount={1} accept="image/jpeg,image/png,image/gif,image/webp" preview={false} data-testid="avatar-upload">
        <div className="settings-avatar__trigger">
          <Avatar src={user.head_portrait} className="settings-avatar__image" />
          <span className="settings-avatar__camera">
            <CameraOutline />
          </span>
        </div>
      </ImageUploader>
      <div className="settings-avatar__hint muted">{t('userInfo.changeAvatar')}</div>
    </div>
  );
}

interface ProfileValues {
  nickname: string;
  signature?: string;
}

function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('settings');
  const save = useMutation({
    mutationFn: (values: ProfileValues) => {
      const nickname = values.nickname.trim();
      // An emptied signature is sent empty: the server clears it.
      const signature = values.signature?.trim() ?? '';
      return settingsApi.editProfile({ nickname, signature }).then((message) => ({ message, nickname, signature }));
    },
    onSuccess: async ({ message, nickname, signature }) => {
      session.setUser({ ...user, nickname, signature });
      toastMessage(message);
      await refreshUser();
    },
  });
  return (
    <Form
      layout="vertical"
      requiredMarkStyle="none"
      mode="card"
      initialValues={{ nickname: user.nickname, signature: user.signature }}
      onFinish={(values: ProfileValues) => save.mutate(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={save.isPending} data-testid="nickname-save">
          {t('shell:actions.save')}
        </Button>
      }
    >
      <Form.Item name="nickname" label={t('userInfo.nickname')} rules={[zodRule(nicknameRule, undefined, 'nickname')]}>
        <TestIdInput testId="nickname-input" placeholder={t('userInfo.nicknamePlaceholder')} maxLength={10} clearable />
      </Form.Item>
      <Form.Item name="signature" label={t('userInfo.signature')} rules={[optionalZodRule(signatureRule, 'signature')]}>
        <TestIdInput testId="signature-input" placeholder={t('userInfo.signaturePlaceholder')} maxLength={30} clearable />
      </Form.Item>
    </Form>
  );
}

function AccountFacts({ user }: { user: UserInfo }) {
  const { t } = useTranslation('settings');
  const copyInvite = async () => {
    await copyText(user.invite_code);
    toast(t('shell:actions.copied'));
  };
  return (
    <List className="settings-list" mode="card">
      <List.Item extra={<span className="settings-value">{user.account}</span>}>{t('userInfo.account')}</List.Item>
      <List.Item
        extra={
          <span className="settings-copy">
            <span className="settings-value" data-testid="invite-code">
              {user.invite_code}
            </span>
            <Button size="mini" color="primary" fill="outline" onClick={copyInvite} data-testid="invite-copy">
              {t('shell:actions.copy')}
            </Button>
          </span>
        }
      >
        {t('userInfo.inviteCode')}
      </List.Item>
      <List.Item extra={<span className="settings-value">{user.credit_score}</span>}>{t('userInfo.creditScore')}</List.Item>
      <List.Item extra={<span className="settings-value">{formatDate(user.created_at)}</span>}>{t('userInfo.registeredAt')}</List.Item>
    </List>
  );
}
