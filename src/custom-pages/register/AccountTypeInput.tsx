import { RadioButtonGroupInput, useTranslate } from 'react-admin';
import { USER_TYPE } from '../../../domain/codes';

/** Family account (type 0) or teacher account (type 1). */
export const AccountTypeInput = () => {
  const translate = useTranslate();
  return (
    <RadioButtonGroupInput
      source="type"
      label="app.register.accountType"
      choices={[
        { id: USER_TYPE.family, name: translate('app.register.family') },
        { id: USER_TYPE.teacher, name: translate('app.register.teacher') },
      ]}
      translateChoice={false}
      parse={(v: string) => Number(v)}
      row
    />
  );
};
