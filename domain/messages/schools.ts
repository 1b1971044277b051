/** Messages of schools, regions, seats and bulk enrolment (server/routes/schools). */
export const SCHOOL_MESSAGES = {
  'app.schools.errors.noFreeSeats':
    'Not enough free seats: the school has used its approved seats. Ask for more seats first',
  'app.schools.errors.nationalIdTaken': 'A student with this national id is already registered',
  'app.schools.errors.schoolNotEmpty': 'This school still has students, teachers or groups: move them first',
  'app.schools.errors.classNameTaken': 'The school already has a class with this name',
  'app.schools.errors.schoolRequired': 'Please choose a school',
  'app.schools.errors.regionRequired': 'Please choose a region',
  'app.seats.errors.alreadyDecided': 'This request has already been decided',
  'app.seats.errors.awaitingRegion': 'The region admin must approve this request first',
  'app.seats.errors.ownRequest': 'You cannot decide on your own request',
  'app.import.duplicateInFile': 'This value appears more than once in the file',
  'app.import.unknownClass': 'The school has no class with this name',
  'app.import.emailTaken': 'This email address belongs to an account outside the school',
  'app.import.nationalIdTaken': 'This national id belongs to a student of another school',
} as const;
