"""Text columns by display width: wide characters take two columns, combining marks none."""

from umpire.kernel.columns import cut, display_width, pad, widest


def test_a_wide_character_takes_two_columns_and_a_combining_mark_none():
    assert display_width("東京鉄道") == 8 and display_width("Zu\u0308rich") == 6 and display_width("Red") == 3


def test_pad_fills_to_the_columns_and_leaves_a_longer_text_whole():
    assert pad("東京", 6) == "東京  " and pad("Red", 6) == "Red   " and pad("Red Lines", 3) == "Red Lines"


def test_cut_keeps_what_fits_and_never_splits_a_wide_character():
    assert cut("東京鉄道", 5) == "東京" and cut("Zu\u0308rich", 2) == "Zu\u0308" and cut("Red", 9) == "Red"


def test_widest_is_at_least_the_minimum():
    assert widest(["東京鉄道", "Red"], 5) == 8 and widest([], 5) == 5
