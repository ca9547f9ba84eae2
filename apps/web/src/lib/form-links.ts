import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import type { ImperfectionVariant, InboxKind } from '@portal/contract';
import type { Profile } from './deployment-profile';
import { paths } from './paths';

/** Every icon of @mui/icons-material has this type. */
export type SvgIconComponent = typeof AddBoxOutlined;

/** A form of the Formulieren menu: what it is stored as, its menu name, where it is and its icon. */
export interface FormLink {
  kind: InboxKind;
  label: string;
  to: string;
  icon: SvgIconComponent;
}

const imperfectionLabel = 'Melding onvolkomenheden';
const variantNames: Record<ImperfectionVariant, string> = {
  Basic: 'algemeen',
  Oosterwolde: 'Oosterwolde',
  Apeldoorn: 'Apeldoorn',
  Alkmaar: 'Alkmaar',
};
/** The basic report is stored as plain 'Imperfection', the others with their variant's name. */
const imperfectionKind = (variant: ImperfectionVariant): InboxKind => (variant === 'Basic' ? 'Imperfection' : `Imperfection${variant}`);

/**
 * The forms this deployment offers, in the menu's order (the product's screens): the four requests, then one
 * imperfection report per reachable variant, named after its variant when there are several. The side menu's
 * Formulieren and the dashboard's shortcuts both list these, so a form has one name everywhere.
 */
export function formLinks(profile: Profile): FormLink[] {
  const variants = profile.imperfectionVariants;
  return [
    { kind: 'OfflineAssortment', label: 'Aanvraagformulier', to: paths.forms.requestOfflineAssortment.path, icon: PlaylistAddOutlined },
    { kind: 'NewProduct', label: 'Assortimentsaanvraag', to: paths.forms.requestNewProduct.path, icon: AddBoxOutlined },
    { kind: 'Photo', label: 'Foto aanvragen', to: paths.forms.requestPhoto.path, icon: PhotoCameraOutlined },
    { kind: 'ImmediateProduct', label: 'Aanvraagformulier rollen', to: paths.forms.rollRequest.path, icon: ViewListOutlined },
    ...variants.map(
      (variant): FormLink => ({
        kind: imperfectionKind(variant),
        label: variants.length > 1 ? `${imperfectionLabel} (${variantNames[variant]})` : imperfectionLabel,
        to: paths.imperfectionReports[variant].path,
        icon: ReportProblemOutlined,
      }),
    ),
  ];
}
