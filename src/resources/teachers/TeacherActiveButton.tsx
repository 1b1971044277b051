import { ActiveToggleButton } from '../../components/ActiveToggleButton';

/** Activate or deactivate a teacher (POST /teachers/active/{id} {active}). */
export const TeacherActiveButton = () => (
  <ActiveToggleButton setActive={(dataProvider, id, active) => dataProvider.setTeacherActive(id, active)} />
);
