"""The mail service: orders in by IMAP, confirmations, reminders and newsletters out by SMTP."""
