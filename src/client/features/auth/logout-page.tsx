import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { PageSpinner } from '../../ui/page-spinner';
import { useLogout } from './api';

/** /logout/: ends the session, then goes home whatever the answer (the local session is cleared). */
export function Component() {
  const navigate = useNavigate();
  const { mutate } = useLogout();
  // StrictMode runs effects twice on mount; log out once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      onSettled: () => {
        void navigate(paths.home(), { replace: true });
      },
    });
  }, [mutate, navigate]);

  return (
    <>
      <title>{`Logging out · ${PRODUCT_NAME}`}</title>
      <PageSpinner label="Logging out…" />
    </>
  );
}
