import { Button, Link, Stack } from '@mui/material';
import {
  Form,
  LinkBase,
  PasswordInput,
  useDataProvider,
  useNavigate,
  useNotify,
  useParams,
  useTranslate,
} from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { RevalidateWith } from '../../components/RevalidateWith';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { PASSWORDS_MATCH } from '../../validation/zodValidate';
import { lazyZodValidateWithMatches, loadAuthSchemas } from '../login/authSchemas';
import { NewPasswordInput } from '../../components/NewPasswordInput';

const validate = lazyZodValidateWithMatches((schemas) => schemas.resetPasswordSchema, [PASSWORDS_MATCH]);

/** /reset-password/:token — the link from the reset mail: a new password twice, then /login. */
const ResetPasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { token = '' } = useParams();
  const { busy, run } = useBusyAction();

  const submit = async (values: Record<string, unknown>) => {
    const parsed = (await loadAuthSchemas()).resetPasswordSchema.safeParse({ ...values, token });
    if (!parsed.success) return undefined;
    return run(async () => {
      await dataProvider.resetPassword(parsed.data);
      notify('app.auth.passwordChanged', { type: 'success' });
      navigate('/login', { replace: true });
    });
  };

  return (
    <PublicShell title={translate('app.reset.title')}>
      <Form validate={(values) => validate({ ...values, token })} mode="onTouched" onSubmit={submit}>
        <RevalidateWith field="confirm_password" partner="password" />
        <Stack spacing={1}>
          <NewPasswordInput
            source="password"
            label="resources.users.fields.new_password"
            autoComplete="new-password"
            autoFocus
          />
          <PasswordInput
            source="confirm_password"
            label="resources.users.fields.confirm_password"
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {translate('app.reset.submit')}
          </Button>
          <Link component={LinkBase} to="/login" variant="body2">
            {translate('app.login.backToLogin')}
          </Link>
        </Stack>
      </Form>
    </PublicShell>
  );
};

export default ResetPasswordPage;
