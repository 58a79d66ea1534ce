export {
  acceptInvitationsBody,
  notificationPreferencesBody,
  onboardBody,
  tourCompletedBody,
  updateMeBody,
  updateProfileBody,
} from "@stride/shared/contract";
