import type { ComponentType } from 'react';
import type { SidebarSectionId } from '../../domain/permissions';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BarChartIcon from '@mui/icons-material/BarChart';
import CategoryIcon from '@mui/icons-material/Category';
import ChatIcon from '@mui/icons-material/Chat';
import CollectionsIcon from '@mui/icons-material/Collections';
import FeedbackIcon from '@mui/icons-material/Feedback';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ClassIcon from '@mui/icons-material/Class';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GradingIcon from '@mui/icons-material/Grading';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import InsightsIcon from '@mui/icons-material/Insights';
import LogoutIcon from '@mui/icons-material/Logout';
import MapIcon from '@mui/icons-material/Map';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PersonIcon from '@mui/icons-material/Person';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PeopleIcon from '@mui/icons-material/People';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import QuizIcon from '@mui/icons-material/Quiz';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import ScoreboardIcon from '@mui/icons-material/Scoreboard';
import SummarizeIcon from '@mui/icons-material/Summarize';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';

/** One icon per sidebar path (domain/permissions.ts SIDEBAR). */
export const MENU_ICONS: Record<string, ComponentType> = {
  '/overview': DashboardIcon,
  '/profile': PersonIcon,
  '/teachers': SchoolIcon,
  '/active_teacher': HowToRegIcon,
  '/courses': MenuBookIcon,
  '/auth/courses': PlaylistAddCheckIcon,
  '/course/requests': AssignmentIcon,
  '/auth/groups': AssignmentTurnedInIcon,
  '/groups': GroupsIcon,
  '/users': PeopleIcon,
  '/exams': QuizIcon,
  '/neomi-exams-two': InsightsIcon,
  '/neomi-exams-report': SummarizeIcon,
  '/school-dashboard': BarChartIcon,
  '/school': ClassIcon,
  '/school-teachers': SchoolIcon,
  '/school-students': PeopleIcon,
  '/assigned-quota': EventSeatIcon,
  '/region-dashboard': BarChartIcon,
  '/region-schools': MapIcon,
  '/region-seats': EventSeatIcon,
  '/admin-dashboard': BarChartIcon,
  '/region-admin': AdminPanelSettingsIcon,
  '/admin-seats': EventSeatIcon,
  '/score': ScoreboardIcon,
  '/pre-neomi': GradingIcon,
  '/corrected-exams': FactCheckIcon,
  '/marking-admin': AssignmentIndIcon,
  '/category-management': CategoryIcon,
  '/exam/report': SummarizeIcon,
  '/search/user': PersonSearchIcon,
  '/roles': VerifiedUserIcon,
  '/logs': HistoryIcon,
  '/settings': SettingsIcon,
  '/background-jobs': WorkHistoryIcon,
  '/orders': ShoppingBasketIcon,
  '/forms': DynamicFormIcon,
  '/activities': RateReviewIcon,
  '/gallery': CollectionsIcon,
  '/message': ChatIcon,
  '/feedback': FeedbackIcon,
  '/logout': LogoutIcon,
};

export const iconFor = (path: string): ComponentType => MENU_ICONS[path] ?? DashboardIcon;

/** One icon per collapsible sidebar section (domain/permissions.ts SIDEBAR_SECTIONS). */
export const SECTION_ICONS: Partial<Record<SidebarSectionId, ComponentType>> = {
  people: PeopleIcon,
  teaching: MenuBookIcon,
  neomi: QuizIcon,
  schools: SchoolIcon,
  regions: MapIcon,
  administration: AdminPanelSettingsIcon,
};

export const sectionIconFor = (id: SidebarSectionId): ComponentType => SECTION_ICONS[id] ?? DashboardIcon;
