"""Orders from outside: every text is read to an order or refused, with the line quoted (at most
QUOTE_CHARS characters) and what would work said; the limits of docs/orders.md."""

import pytest

from umpire.families.dampfross.hexgrid import label, parse_label
from umpire.families.dampfross.orders import MAX_LINE_CHARS, MAX_ORDER_BYTES, MAX_REFUSED_LINES, parse_order
from umpire.kernel.echo import ELLIPSIS, QUOTE_CHARS, clip, quote


def parse(text, test_map):
    return parse_order(text, test_map)


def only_error(text, test_map):
    order = parse(text, test_map)
    assert order.refusal is None and len(order.errors) == 1, (order.refusal, order.errors)
    return order.errors[0].message


@pytest.mark.parametrize("line, words", [
    ("BUILD C3-D3]", "closes nothing"),
    ("BUILD C3-D3-]", "closes nothing"),
    ("RACE 1 RUN C3-D3-]", "closes nothing"),
    ("BUILD ]C3-D3", "closes nothing"),
    ("BUILD C3-D3 [+6", "is not closed"),
    ("BUILD [C3-D3", "is not closed"),
    ("BUILD [+6] C3-D3", "stands before any hex"),
])
def test_a_stray_bracket_in_a_chain_is_refused_with_the_line(test_map, line, words):
    message = only_error(line, test_map)
    assert words in message and ("[+6]" in message or "[-1 blue]" in message)


@pytest.mark.parametrize("line", ["ROUND ²", "ROUND ٣", "RACE ² RUN C3-D3", "RACE ١ PASS"])
def test_unicode_digits_are_not_numbers(test_map, line):
    assert "6 digits at most" in only_error(line, test_map)


@pytest.mark.parametrize("line", ["BUILD C٣-D3", "BUILD Ｃ3-D3", "HOME K８"])
def test_unicode_digits_are_not_hex_labels(test_map, line):
    assert "neither a hex label nor a town" in only_error(line, test_map)


def test_labels_are_ascii_letters_and_digits():
    assert parse_label("AD21") == (29, 20) and parse_label("AD٢١") is None and parse_label("A0") is None
    assert parse_label("AAAA1") is None and parse_label("A1000") is None and label(parse_label("zz9")) == "ZZ9"


@pytest.mark.parametrize("digits", [7, 60, 1900])
def test_a_huge_amount_is_refused(test_map, digits):
    message = only_error(f"BUILD C3-D3 [+{'9' * digits}]", test_map)
    assert "at most 6 digits" in message and len(message) < 400


def test_a_5000_digit_number_is_refused_by_the_line_limit(test_map):
    assert f"up to {MAX_LINE_CHARS:,}" in only_error(f"BUILD C3-D3 [-{'9' * 5000} blue]", test_map)


@pytest.mark.parametrize("line, words", [
    ("BUILD " + "A" * 500 + "1", "neither a hex label nor a town"),
    ("BUILD A0-A1", "A0 is off the map; the map has columns A to"),
    ("HOME A0", "off the map"),
    ("BUILD C3-ZZZ999", "ZZZ999 is off the map"),
])
def test_a_label_off_the_map_or_too_long_is_refused(test_map, line, words):
    message = only_error(line, test_map)
    assert words in message and len(message) < 400


def test_unicode_spaces_separate_like_spaces(test_map):
    order = parse("BUILD\u2003C3\u00a0D3\u3000E4\tF4", test_map)
    assert order.errors == [] and [label(h) for h in order.chains[0].hexes] == ["C3", "D3", "E4", "F4"]


def test_invisible_format_characters_are_left_out(test_map):
    order = parse("\ufeffBUILD C\u200b3-D3\u200d", test_map)
    assert order.errors == [] and [label(h) for h in order.chains[0].hexes] == ["C3", "D3"]


@pytest.mark.parametrize("char", ["\x07", "\x1b", "\x7f", "\x9b", "\x01"])
def test_a_control_character_refuses_its_line(test_map, char):
    order = parse(f"BUILD C3-D3\nBUILD D3{char}-E4", test_map)
    assert len(order.chains) == 1 and f"U+{ord(char):04X}" in order.errors[0].message
    assert "\\x" in order.errors[0].text and char not in str(order.errors[0])


def test_a_binary_file_is_refused_as_a_whole(test_map):
    order = parse("GAME g1\nCOMPANY red\n\0\0\0BUILD C3-D3\n" + "\0" * 10_000, test_map)
    assert "NUL" in order.refusal and (order.game, order.company) == ("g1", "red") and order.chains == []


def test_an_order_over_the_size_limit_is_refused_at_once(test_map):
    order = parse("GAME g1\nCOMPANY red\n" + "BUILD C3-D3\n" * (MAX_ORDER_BYTES // 12 + 1), test_map)
    assert f"up to {MAX_ORDER_BYTES:,} bytes" in order.refusal and order.chains == []
    assert (order.game, order.company) == ("g1", "red")


def test_a_line_over_the_length_limit_is_refused_at_once(test_map):
    order = parse("BUILD " + "C3-D3-" * 400 + "\nBUILD C3-D3", test_map)
    message = order.errors[0].message
    assert f"up to {MAX_LINE_CHARS:,}" in message and "2,406 characters" in message and len(order.chains) == 1
    assert len(order.errors[0].text) == QUOTE_CHARS and order.errors[0].text.endswith(ELLIPSIS)


def test_an_order_of_mostly_unreadable_lines_is_refused_as_a_whole(test_map):
    order = parse("GAME g1\n" + "x\n" * (MAX_REFUSED_LINES + 10), test_map)
    assert f"more than {MAX_REFUSED_LINES} of its lines" in order.refusal
    assert len(order.errors) == MAX_REFUSED_LINES + 1


def test_a_long_line_is_quoted_short(test_map):
    error = parse("FLY " + "x" * 1500, test_map).errors[0]
    assert len(str(error)) < 2 * QUOTE_CHARS + 200 and ELLIPSIS in str(error)


@pytest.mark.parametrize("line", ["1a) ;", "12b)", "1a) ; 1b) C3-D3", "BUILD ;", "BUILD ; ;"])
def test_a_line_read_as_nothing_is_refused(test_map, line):
    order = parse(line, test_map)
    assert order.errors, line
    assert "chain" in order.errors[0].message


def test_a_chain_ending_in_the_zine_separator_is_read(test_map):
    order = parse("1a) (Alpha) - D3 ; 1b) (Beta) - K7 ;", test_map)
    assert order.errors == [] and len(order.chains) == 2


@pytest.mark.parametrize("text, keyword", [
    ("GAME g1\nGAME g2", "GAME"), ("COMPANY red\nPLAYER blue", "COMPANY"), ("CODE a-1\nCODE b-2", "CODE"),
    ("ROUND 1\nROUND 2", "ROUND")])
def test_two_different_header_lines_refuse_the_order(test_map, text, keyword):
    refusal = parse(text, test_map).refusal
    assert f"two different {keyword} lines, lines 1 and 2" in refusal and "one COMPANY" in refusal


def test_two_different_code_lines_do_not_show_the_codes(test_map):
    assert "a-1" not in parse("CODE a-1\nCODE b-2", test_map).refusal


def test_the_same_header_line_twice_is_fine(test_map):
    order = parse("GAME g1\nCOMPANY red\nGAME G1\nCOMPANY Red\nROUND 1\nROUND 1\nCODE a-1\nCODE a-1", test_map)
    assert order.refusal is None and order.errors == [] and (order.game, order.company, order.round) == ("g1", "red", 1)


def test_a_second_home_line_is_refused_and_the_first_stands(test_map):
    order = parse("HOME Alpha\nHOME Beta\nHOME alpha", test_map)
    assert label(order.home) == "C3" and order.home_line == 1
    assert [e.line for e in order.errors] == [2] and "second HOME line" in order.errors[0].message


def test_a_300_kb_line_is_refused_quickly(test_map):
    import time
    start = time.perf_counter()
    order = parse("BUILD " + "C3-D3-" * 50_000, test_map)
    assert order.refusal and time.perf_counter() - start < 1


def test_clip_shows_control_characters_and_cuts_with_an_ellipsis():
    assert clip("a\x00b\u2028c") == "a\\x00b\\u2028c"
    assert clip("x" * 500) == "x" * (QUOTE_CHARS - 1) + ELLIPSIS
    assert len(clip("\x00" * 500)) == QUOTE_CHARS and quote("it's") == '"it\'s"'


def test_a_chain_longer_than_the_limit_is_refused(test_map):
    from umpire.families.dampfross.orders import MAX_CHAIN_HEXES
    message = only_error("BUILD " + "-".join(["C1", "C10"] * 40), test_map)
    assert f"up to {MAX_CHAIN_HEXES}" in message


def test_a_route_longer_than_the_limit_is_refused(test_map):
    assert "chains and routes of up to" in only_error("RACE 1 RUN " + "-".join(["C1", "C10"] * 40), test_map)
