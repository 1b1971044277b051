import ChildCareIcon from '@mui/icons-material/ChildCare';
import type { RaRecord } from 'react-admin';

/**
 * A family's children. The API lists them only per parent, so there is no
 * list page: the profile page shows them (custom-pages/profile).
 */
export default {
  icon: ChildCareIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
