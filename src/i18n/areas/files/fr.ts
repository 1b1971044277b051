import type { MessageTree } from '../../app/nest';

export default {
  app: {
    import: {
      notAWorkbook: 'Le fichier doit être un classeur Excel (.xlsx)',
      missingColumn: 'Il manque cette colonne au fichier : utilisez le modèle',
      tooManyRows: 'Le fichier contient trop de lignes',
      workbookTooLarge:
        'Le classeur est trop volumineux une fois décompressé (50 Mo en 200 parties au plus) : retirez les images ou répartissez-le en plusieurs fichiers',
      fileRequired: 'Veuillez choisir un fichier',
      hasErrors: 'Certaines lignes ne sont pas valides : rien n’a été enregistré',
      numberCell:
        'Saisi comme nombre : un 0 ou un + initial a été perdu. Saisissez-le comme texte, par ex. 01008337887',
      dateCellAmbiguous:
        'Une cellule date dont le jour et le mois ont pu être inversés : vérifiez-la ou saisissez la date en texte JJ/MM/AAAA',
    },
    errors: { requestTooLarge: 'La requête est trop volumineuse' },
  },
} satisfies MessageTree;
