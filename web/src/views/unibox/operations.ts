// The unibox's GraphQL operations (schema.graphql), typed by GraphQL Codegen. Names start with Unibox so
// they are unique across the console; mutations refresh queries by these names.
import { graphql } from '../../gql';

export const UniboxReplies = graphql(`
  query UniboxReplies($query: ReplyQueryInput) {
    replies(query: $query) {
      total
      nextCursor
      items {
        id
        kind
        status
        isRead
        fromEmail
        subject
        snippet
        receivedAt
        untracked
        assignedUserId
        repliedAt
      }
    }
  }
`);

export const UniboxReply = graphql(`
  query UniboxReply($id: ID!) {
    reply(id: $id) {
      id
      kind
      status
      isRead
      fromEmail
      replyTo
      subject
      bodyText
      receivedAt
      repliedAt
      untracked
      leadId
      campaignId
      mailboxId
      assignedUserId
      snoozedUntil
      leadAwayUntil
      assistedInterest
      assistedConfidence
      rule
      evidence
    }
  }
`);

/** What the filters and the actions choose from: inboxes, members, saved replies. */
export const UniboxChoices = graphql(`
  query UniboxChoices {
    mailboxes {
      id
      email
    }
    members {
      id
      name
      email
    }
    savedReplies {
      id
      name
    }
  }
`);

export const UniboxThread = graphql(`
  query UniboxThread($leadId: ID!) {
    leadActivity(id: $leadId) {
      lead {
        id
        email
        campaignName
      }
      timeline {
        type
        at
        stepLabel
        detail
      }
    }
  }
`);

export const UniboxLeadSearch = graphql(`
  query UniboxLeadSearch($q: String!) {
    searchLeads(q: $q, limit: 10) {
      id
      email
      campaign
    }
  }
`);

export const UniboxUpdateReply = graphql(`
  mutation UniboxUpdateReply($id: ID!, $input: UpdateReplyInput!) {
    updateReply(id: $id, input: $input) {
      updated
    }
  }
`);

export const UniboxAssignReply = graphql(`
  mutation UniboxAssignReply($id: ID!, $input: AssignReplyInput!) {
    assignReply(id: $id, input: $input) {
      assignedUserId
    }
  }
`);

export const UniboxSnoozeReply = graphql(`
  mutation UniboxSnoozeReply($id: ID!, $input: SnoozeReplyInput!) {
    snoozeReply(id: $id, input: $input) {
      snoozedUntil
    }
  }
`);

export const UniboxLinkReply = graphql(`
  mutation UniboxLinkReply($id: ID!, $leadId: ID!) {
    linkReply(id: $id, leadId: $leadId) {
      id
      leadId
    }
  }
`);

export const UniboxRenderSavedReply = graphql(`
  mutation UniboxRenderSavedReply($id: ID!, $replyId: ID!) {
    renderSavedReply(id: $id, input: { replyId: $replyId }) {
      body
    }
  }
`);

export const UniboxSendAnswer = graphql(`
  mutation UniboxSendAnswer($id: ID!, $body: String!) {
    sendReplyAnswer(id: $id, input: { body: $body }) {
      sent
    }
  }
`);

/** The newest reply under the list's filters (NewRepliesNotice.tsx). */
export const UniboxNewest = graphql(`
  query UniboxNewest($query: ReplyQueryInput) {
    replies(query: $query) {
      items {
        id
        receivedAt
      }
    }
  }
`);
