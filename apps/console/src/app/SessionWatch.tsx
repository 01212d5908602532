import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { onSessionLost, setCsrfToken } from '../shared/api.ts';
import { ME_KEY } from '../shared/session.ts';

/** When the server says the session is gone (idle, expired, signed out elsewhere), show why and return to sign-in. */
export function SessionWatch() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  useEffect(() => {
    onSessionLost((reason) => {
      // Nobody was signed in (the first "who am I" on opening the console): nothing to announce.
      if (!client.getQueryData(ME_KEY)) return;
      setCsrfToken(undefined);
      client.setQueryData(ME_KEY, null);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      void message.warning(reason);
      navigate('/login', { replace: true });
    });
  }, [client, navigate, message]);
  return null;
}
