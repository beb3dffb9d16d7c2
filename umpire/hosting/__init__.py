"""What a host runs over a folder of games (`umpire tick`, its one cron line): the mail in and
out, the due resolves and the web pages, above the use cases, the mail and the site."""
