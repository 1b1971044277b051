import type { MessageTree } from '../../app/nest';

/** Schools, regions and seats: the console's own texts (server messages come from domain/messages/schools.ts). */
export default {
  app: {
    logs: { entities: { region: 'Region', school: 'School', school_class: 'Class', seat_request: 'Seat request', group: 'Group' } },
  },
} satisfies MessageTree;
