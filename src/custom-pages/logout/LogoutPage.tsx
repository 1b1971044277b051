import { useEffect, useRef } from 'react';
import { Loading, useLogout } from 'react-admin';

/** /logout: ends the session (POST /api/logout) and goes to /login (docs/PRODUCT.md §2 "Navigation"). */
const LogoutPage = () => {
  const logout = useLogout();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void logout({}, '/login', false);
  }, [logout]);
  return <Loading />;
};

export default LogoutPage;
