import type { MessageTree } from '../../app/nest';

/** La page des tâches de fond en français (/background-jobs), la progression d'un export et les messages du serveur (domain/messages/jobs.ts). */
export default {
  app: {
    menu: { backgroundJobs: 'Tâches de fond' },
    jobs: {
      retried: 'La tâche a été relancée',
      help: "Les tâches qui ont échoué ces %{days} derniers jours, et celles qui tournent depuis plus de %{minutes} minutes. Une tâche échouée peut être relancée ; une tâche en cours est reprise par un autre serveur si le sien s'arrête. Ce que porte une tâche (un courriel, les fichiers d'un élève) n'est jamais affiché.",
      none: "Aucune tâche n'a échoué et aucune ne dure anormalement.",
      retry: 'Relancer',
      retryOne: 'Relancer la tâche %{queue} %{id}',
      running: 'En cours',
      triesOf: '%{tries} sur %{max}',
      createdAt: 'En attente depuis %{time}',
      seconds: '%{n} s',
      minutes: '%{n} min',
      hours: '%{n} h',
      columns: {
        queue: "File d'attente",
        state: 'État',
        tries: 'Essais',
        started: 'Début',
        duration: 'Durée',
        error: 'Erreur',
        action: 'Action',
      },
      states: { failed: 'Échouée', active: 'Longue' },
      queues: {
        mail: 'Courriel',
        'password-reset': 'Réinitialisation du mot de passe',
        'erase-files': 'Suppression de fichiers',
        score: 'Calcul des points',
        'guest-retention': 'Suppression des anciens invités',
        export: 'Export',
        'export-cleanup': 'Suppression des anciens exports',
      },
    },
    exports: {
      notReady: "Cet export n'est pas encore prêt",
      failed: "L'export n'a pas pu être écrit ; demandez-le à nouveau",
      title: 'Préparation de %{name}',
      progress: "Progression de l'export",
      waiting: 'En attente de son tour…',
      rows: '%{processed} lignes écrites sur %{total}',
      ready: 'Le fichier est prêt.',
      kept: 'Vous pouvez fermer cette fenêtre : le fichier est conservé un jour.',
      download: 'Télécharger',
    },
  },
} satisfies MessageTree;
