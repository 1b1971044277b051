import type { MessageTree } from '../../app/nest';

export default {
  app: {
    logs: { entities: { region: 'Région', school: 'École', school_class: 'Classe', seat_request: 'Demande de places', group: 'Groupe' } },
    schools: {
      errors: {
        noFreeSeats: "Pas assez de places libres : l'école a utilisé ses places approuvées. Demandez d'abord plus de places",
        nationalIdTaken: "Un élève avec ce numéro d'identité est déjà inscrit",
        schoolNotEmpty: "Cette école a encore des élèves, des enseignants ou des groupes : déplacez-les d'abord",
        classNameTaken: "L'école a déjà une classe de ce nom",
        schoolRequired: 'Veuillez choisir une école',
        regionRequired: 'Veuillez choisir une région',
      },
    },
    seats: {
      errors: {
        alreadyDecided: 'Cette demande a déjà été tranchée',
        awaitingRegion: "L'administrateur de la région doit d'abord approuver cette demande",
        ownRequest: 'Vous ne pouvez pas décider de votre propre demande',
      },
    },
    import: {
      duplicateInFile: 'Cette valeur apparaît plusieurs fois dans le fichier',
      unknownClass: "L'école n'a pas de classe de ce nom",
      emailTaken: "Cette adresse e-mail appartient à un compte hors de l'école",
      nationalIdTaken: "Ce numéro d'identité appartient à un élève d'une autre école",
    },
  },
} satisfies MessageTree;
