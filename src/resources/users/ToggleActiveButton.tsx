import { ActiveToggleButton } from '../../components/ActiveToggleButton';

/** Activate or deactivate an account (POST /users/activate|deactivate/{id}). */
export const ToggleActiveButton = () => (
  <ActiveToggleButton
    setActive={(dataProvider, id, active) => (active ? dataProvider.activateUser(id) : dataProvider.deactivateUser(id))}
  />
);
