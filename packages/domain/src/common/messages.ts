// User-facing messages of SPEC.md §5 and §8, word for word.
export const MESSAGES = {
  required: 'This field is required.',
  duplicate: 'This value is already in use.',
  noResults: 'No results were found.',
  noPartnerAccess:
    'This may be because you do not have access to any partners. If you do not have access and would like to request access, please use the Report an Issue form and provide the necessary information.',
  // §8: 'The same wording applies to tenants.'
  noTenantAccess:
    'This may be because you do not have access to any tenants. If you do not have access and would like to request access, please use the Report an Issue form and provide the necessary information.',
  restricted: 'Access to this place or content is restricted.',
  pageNotFound: 'Page Not Found',
  technicalDifficulties: 'Technical Difficulties',
  loggedOut: 'You have been logged out.',
  partnerExists: 'A partner already exists with this Access Type and Partner Code combination.',
  atLeastOneOption: 'At least one option must be selected.',
  externalLinkRequired: 'External link is required if this report category is on another website.',
  internalUsersCannotBeEdited: 'Internal Users cannot be edited.',
  userIdNotFound: 'User ID was not found.',
  /** The spec is silent; worded like userIdNotFound, for every route that looks a partner up. */
  partnerNotFound: 'Partner was not found.',
  profileUpdated: 'Updated',
  profileUpdateFailed: 'Failed to update',
  logoNotFound: 'No Partner Logo has been uploaded yet - Please upload below.',
  marketingNotFound: 'No Marketing Content has been uploaded yet - Please upload below.',
  imageFetchError: 'Unknown error - Please contact support team.',
  uploadFailed: 'Error uploading new Marketing image',
  uploadSuccess: 'Upload success!',
  datasetValidated: 'Dataset validated',
  datasetNotFound: 'Dataset not found',
  inviteSuccess: 'User Invitation sent.',
  inviteFailurePrefix: 'There was an issue sending User Invitation. -- ',
  inviteInvalid: 'Please enter a valid email and select a role.',
  selectRole: 'Please select a role.',
  rolesUpdated: 'User Roles were updated successfully.',
  rolesUpdateFailurePrefix: 'There was an issue updating the roles. -- ',
  invitationDeleted: 'Invitation was deleted successfully.',
  /** §8 has no wording for a failed tenant user removal: this one follows its role update failure. */
  userDeleteFailurePrefix: 'There was an issue deleting the user. -- ',
  bannerUpdateFailed: 'Unable to update banner.',
  bannerDeleteFailed: 'Unable to delete the banner.',
  bannerSaved: 'The banner has been successfully created/updated.',
  bannerDeleted: 'The banner was successfully deleted.',
  dashboardUnavailable:
    'Sorry - we are currently unable to process your request. Please try again in a few minutes',
  dashboardError: 'Something went wrong. Please contact the support team',
  quicksightFailed: 'Failed to load the dashboard',
  thoughtspotExpiredTitle: 'ThoughtSpot Session Expired',
  thoughtspotExpiredText: 'Please refresh the page.',
  issueReportFailed:
    'An error occurred while attempting to report your issue. Please try again later or contact support.',
  leavingPortalTitle: 'Warning!',
  pageUnderConstruction: 'Page Under Construction',
} as const;

export function invalidObjectKey(expectedPath: string): string {
  return `Invalid Object Key: expected ${expectedPath}`;
}

export function invalidMarketingFileType(extension: string): string {
  return `Invalid file type (${extension}) -- Please upload a PNG image.`;
}

export function leavingPortalText(link: string): string {
  return `You are about to leave the portal. Are you sure you would like to continue to ${link}?`;
}

export function deleteReportConfirmation(fileName: string, date: string, size: string): string {
  return `Are you sure you want to delete ${fileName} (${date}) (${size})?`;
}
