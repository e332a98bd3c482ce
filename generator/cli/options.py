"""Each command's click options, made from the declarations: a setting's flag, type, range,
default and help exist only in ``settings.declarations``.

A command receives what click parsed; ``typed_values`` keeps only what was typed, so that the
settings file can fill in the rest (click's defaults are shown in --help, never used as such).
"""

from __future__ import annotations

import re
from typing import Any, Callable

import click
from click.core import ParameterSource

from ..errors import UsageError, quoted
from ..kinds import Kind
from ..settings.declarations import Setting, settings_of


class _Parsed(click.ParamType):
    """Text in a unit or a format ("70x45mm", "1.5,-0.5") through the kind's own parser."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self.name = kind.metavar

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value  # already converted (click converts defaults too)
        try:
            return self.kind.parse(value)
        except UsageError as error:
            self.fail(str(error), param, ctx)


class _Whole(click.IntRange):
    """Whole numbers as the settings file reads them: ASCII digits only (Python's int() also
    takes '５' and '1_000'), and a long run of digits named briefly rather than echoed."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not re.fullmatch(r"[+-]?[0-9]{1,25}", value.strip()):
            self.fail(f"{quoted(value)} is not a whole number: write it with the digits 0 to 9", param, ctx)
        return super().convert(value, param, ctx)


def _names_callback(kind: Kind) -> Callable:
    def convert(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
        if not value:
            return value
        try:
            return kind.parse_list(value)
        except UsageError as error:
            raise click.BadParameter(str(error), ctx, param) from None

    return convert


def click_option(setting: Setting, command: str) -> Callable:
    """The click option that sets ``setting`` on ``command``."""
    kind, flag = setting.kind, setting.flag_on(command)
    assert flag is not None
    shown = setting.default is not None and kind.scalar != "list"
    extra: dict = {"help": setting.help_on(command), "show_default": shown}
    if kind.scalar == "bool":
        return click.option(flag, setting.parameter, default=setting.default, **extra)
    declarations = [*flag.split("/"), setting.parameter]
    if kind.scalar == "list":
        return click.option(*declarations, multiple=True, metavar=kind.metavar, callback=_names_callback(kind), **extra)
    value_type: click.ParamType
    if kind.scalar == "int":
        value_type = _Whole(kind.low, kind.high)
    elif kind.choices:
        value_type = click.Choice(kind.choices)
    else:  # paths too: they are checked when used, with cngen's own messages
        value_type = _Parsed(kind)
    return click.option(*declarations, type=value_type, default=setting.default, metavar=kind.metavar or None, **extra)


def setting_options(command: str) -> Callable:
    """Decorate a command with the options of every setting that has a flag on it, and the
    shorthands of those that have some (--NAME for --game NAME)."""

    def decorate(function: Callable) -> Callable:
        for setting in reversed(sorted(settings_of(command), key=lambda setting: _help_rank(setting, command))):
            flag = setting.flag_on(command)
            if flag is None:
                continue
            for name in reversed(setting.shorthands):
                function = click.option(f"--{name}", _shorthand(setting, name), is_flag=True,
                                        help=f"Short for {flag} {name}.")(function)
            function = click_option(setting, command)(function)
        return function

    return decorate


def _shorthand(setting: Setting, name: str) -> str:
    """The Python name of a shorthand's option: "game_is_duet"."""
    return f"{setting.parameter}_is_{name.replace('-', '_')}"


def _help_rank(setting: Setting, command: str) -> int:
    """--help lists the command's own options first, then those of the components it
    describes, then the shared ones, and where to write last."""
    if setting.name in ("output", "out_dir"):
        return 3
    if setting.section == command:
        return 0
    return 1 if setting.section else 2


def typed_values(ctx: click.Context, command: str) -> dict[str, tuple[object, str]]:
    """key -> (value, the flag as typed), for the settings given on the command line."""
    typed = {}
    for setting in settings_of(command):
        flag = setting.flag_on(command)
        name = setting.parameter
        if flag is None or ctx.get_parameter_source(name) != ParameterSource.COMMANDLINE:
            continue
        value = ctx.params[name]
        typed[setting.key] = (value, shown_flag(setting, command, value))
    for setting in settings_of(command):
        chosen = [(name, f"--{name}") for name in setting.shorthands
                  if ctx.get_parameter_source(_shorthand(setting, name)) == ParameterSource.COMMANDLINE
                  and ctx.params[_shorthand(setting, name)]]
        if setting.key in typed:
            chosen.insert(0, (typed[setting.key][0], f"{typed[setting.key][1]} {typed[setting.key][0]}"))
        if len({value for value, _ in chosen}) > 1:
            raise UsageError(f"{chosen[0][1]} and {chosen[-1][1]} choose different {setting.name}s: keep one")
        if chosen and setting.key not in typed:
            typed[setting.key] = (chosen[0][0], chosen[-1][1])
    return typed


def shown_flag(setting: Setting, command: str, value: object = True) -> str:
    """How messages name the option: its long form; for an on/off pair, the one used."""
    flag = setting.flag_on(command) or setting.key
    if setting.kind.scalar == "bool":
        on, _, off = flag.partition("/")
        return on if value or not off else off
    return flag.split("/")[-1]


class GroupedCommand(click.Command):
    """A command whose --help lists its options in groups, as a person looks for them
    (``declarations.HELP_GROUPS``: where the files go first, then the command's own...), each
    setting's shorthands beside it; --help itself last."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from ..settings.declarations import HELP_GROUPS, help_group

        by_parameter: dict[str, Setting] = {}
        for setting in settings_of(self.name or ""):
            by_parameter[setting.parameter] = setting
            by_parameter.update({_shorthand(setting, name): setting for name in setting.shorthands})
        groups: dict[str, list[tuple[str, str]]] = {}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            owner = by_parameter.get(param.name or "")
            groups.setdefault(help_group(owner, self.name or "") if owner else "Help", []).append(record)
        for title in (*HELP_GROUPS, "Help"):
            if title in groups:
                with formatter.section(title):
                    formatter.write_dl(groups[title])
