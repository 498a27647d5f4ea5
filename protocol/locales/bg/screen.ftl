# Игралният екран на терминалния клиент, разборът на партията и редовете на анализа, общи за терминала и
# pygame (client/tui/app.py, client/tui/analysis.py, client/analysis.py): на български.

## Редовете на анализа (client/analysis.py)
screen-verdict-not-yet = още не е оценен
screen-verdict-still-lost = пак загуба
screen-verdict-kept-draw = запази равенството
screen-the-mover = играчът на ход
screen-seat = място { $n }
screen-or = { $first } или { $second }
screen-move-verdict = { $what_if ->
        [yes] ами ако {""}
       *[no] {""}
    }{ $name } { $move }: { $verdict }
screen-value-for = ({ $name }: { $value })
screen-leaves = ({ $name }: сега { $value })
screen-nothing-proven = (след него нищо не е доказано)
screen-best-was = най-добър беше { $moves }
screen-lesson-best = най-добър { $moves }
screen-explaining = обяснявам...
screen-over-here = тук играта е свършила: върнете се ход назад, за да опитате друг ход
screen-solver-failed = решателят не се справи: { $why }
screen-solver-none = решателят не даде нищо
screen-no-explanation = няма обяснение
screen-no-review = няма разбор: { $why }
screen-accuracy = { $name }: най-добри { $best } от { $moves } ({ $percent }%)
screen-turning = ход { NUMBER($n) }, { $name }, { $move }: { $verdict }
screen-from-move = { $what } от ход { NUMBER($n) }
screen-turning-by = ход { NUMBER($n) } ({ $move }), { $name }: { $verdict }
screen-drawn = реми

## Дъската за анализ и разборът (client/tui/analysis.py)
screen-an-start = начало
screen-an-back = отново по ходовете на партията
screen-review-col-ply = №
screen-review-col-move = ход
screen-review-col-before = преди
screen-review-col-after = след
screen-review-col-verdict = оценка
screen-review-col-best = най-добър
screen-review-foot = Enter: този ход на дъската за анализ · a: дъската · Esc: назад
screen-review-accuracy = точност: { $text }
screen-review-turning = повратни ходове: { $text }
screen-review-lesson = ход { NUMBER($n) }, { $name } { $move }: { $verdict }
screen-review-computing = подготвям разбора...
screen-review-not-over = разборът идва, когато партията свърши
screen-board-not-over = дъската за анализ се отваря, когато партията свърши
screen-board-making = подготвям дъската за анализ...
screen-moves-unread = ходовете на партията не могат да бъдат прочетени

## Клавишите на дъската за анализ и на разбора
screen-key-step-minus1 = назад
screen-key-step-1 = напред
screen-key-home = начало
screen-key-end = край
screen-key-back-to-game = към партията
screen-key-what-if = ами ако
screen-key-tree = дърво
screen-key-close = затвори
screen-key-dismiss = затвори
screen-key-board = анализ
screen-help-step = ход назад, ход напред
screen-help-ends = началото, краят

## Игралният екран (client/tui/app.py)
screen-you = вие: { $name }
screen-watching = наблюдавате
screen-code = код { $code }
screen-room = стая { $room }
screen-f1-notation = { $line } (F1: запис на ходовете)
screen-waiting-challenge = чакаме { $name } да приеме поканата ви (F7 я оттегля)
screen-waiting-players = чакаме играчи;
    споделете: { $share }
screen-rematch-you-asked = поискахте реванш; чакаме { $names }
screen-rematch-the-room = стаята
screen-rematch-new-room = новата стая
screen-rematch-asked = { $name } иска реванш{ $player ->
        [yes] {" "}(F4 приема)
       *[no] {""}
    }
screen-rematch-asks = { $name } иска реванш{ $player ->
        [yes] {" "}(F4 приема)
       *[no] {""}
    }
screen-rematch-again = реванш: отново { $names }
screen-same-players = същите играчи
screen-rematch-not-found = стаята на реванша не е намерена (може би е частна?)
screen-following = следваме играчите в реванша им
screen-away = { $name } (няма връзка)
screen-first-move-within = първи ход до { $seconds } с
screen-link-lost = връзката прекъсна (код { $code }); свързвам отново...
screen-moved = този сървър се рестартира: преместване на { $url } без прекъсване
screen-reconnected = връзката е възстановена
screen-session-lost = връзката е възстановена, но сесията е загубена
screen-goes-on = партията продължава
screen-played = { $name } изигра { $move }
screen-hidden = (скрит)
screen-player-back = { $name } се върна
screen-player-away = { $name } загуби връзка
screen-draw-offered = { $name } предлага реми{ $player ->
        [yes] : F8 приема, F9 отказва
       *[no] {""}
    }
screen-you-offered-draw = предложихте реми
screen-draw-declined = { $name } отказа ремито
screen-draw-stands = предложението ви за реми важи; чакаме { $names }
screen-draw-not-playing = за реми се договарят играчите на партия, която тече
screen-rematch-needs = реванш има само след завършена партия, която сте играли
screen-no-room-chat = няма стая, в която да пишете
screen-no-game = няма партия на екрана
screen-spectator-move = наблюдавате: зрителите не играят ходове
screen-dropped = връзката прекъсна преди отговора; свързвам отново...
screen-dropped-move = връзката прекъсна, докато ходът се пращаше; ще бъде проверен след свързването
screen-no-answer = няма отговор: { $why }
screen-move-no-answer = ходът остана без отговор: { $why }
screen-game-on = партията тече: първо се предайте (F3) или играйте нататък
screen-left-queue = излязохте от опашката за бърза игра
screen-declined-challenge = отказахте поканата на { $name }
screen-nothing-to-resign = няма какво да предавате: не играете партия
screen-resign-question = Да се предадете в партията „{ $game }“ срещу { $names }? Това не може да се отмени.
screen-play-on = играем нататък
screen-thinking = мисля...
screen-hint = подсказка: { $hint }
screen-nobody = никой
screen-link-challenge = код { $code }: мястото на { $name } (от всяко устройство); другите с този код гледат
screen-link-invite = код { $code }: свободното място заема всеки, който има кода
screen-bot = бот
screen-open-seat = (свободно място)
screen-invite-seat = (място с покана)
screen-you-play = играете с { $mark }
screen-you-are = вие сте { $mark }
screen-stretch = { $span }: { $who }
screen-won-by = победа: { $name }
screen-won-side-yours = началната позиция е печеливша за вашата страна: за рейтинга победата ѝ се брои за реми
screen-won-side = началната позиция е печеливша за страната на { $name }: за рейтинга победата ѝ се брои за реми
screen-your-rating = вашият рейтинг { $change }
screen-rating-of = рейтинг на { $name } { $change }

## Завършените партии на играч (client/player_games.py)
screen-pg-vs = { $first } срещу { $rest }
screen-pg-moves = { $n }{ $rated ->
        [yes] {" "}рейт.
       *[no] {""}
    }
screen-pg-win = победа
screen-pg-loss = загуба
screen-pg-draw = реми
screen-pg-none = { $name }: още няма завършени партии{ $of ->
        [yes] {" "}на { $game }
       *[no] {""}
    }
screen-pg-past = { $name }: след { $offset } партии няма други (общо { $total }{ $of ->
        [yes] {" "}на { $game }
       *[no] {""}
    })
screen-pg-page = { $name }: партии{ $of ->
        [yes] {" "}на { $game }
       *[no] {""}
    } { $first }–{ $last } от { $total } (първо най-новите)

## Полетата на стаята (client/tui/model.py)
screen-bad-param = параметър { $item }: пишете КЛЮЧ=СТОЙНОСТ, например heaps=3,4,5
screen-bad-opponent = противник { $text }: пишете human, invite или bot:НИВО ({ $levels })

## Поканите в терминала (client/challenges.py)
screen-rated-guest = рейтинговите партии са за регистрирани играчи, а вие играете като гост (изпълнете веднъж `grundy register ИМЕ`, после играйте с --name ИМЕ)
screen-challenge-sent = поканихте { $name } на { $rated ->
        [yes] рейтингова партия: { $game }
       *[no] партия: { $game }
    }; чакаме отговор
screen-challenge-lapsed = { $name } не отговори навреме на поканата ви

## Клавишите на страницата на турнира (client/tui/tournaments.py)
screen-key-enter = запиши се
screen-key-withdraw = откажи се
screen-key-start = започни

## Отказ на заявка към турнир (client/tournament_view.py)
screen-cannot = не може да { $verb }: { $why } ({ $detail })
screen-tverb-enter = се запишете
screen-tverb-withdraw = се откажете от турнира
screen-tverb-start = започнете турнира
screen-tverb-show-the-tournament = се покаже турнирът
screen-tverb-open-the-tournament = се отвори турнирът
screen-tverb-create-the-tournament = се създаде турнирът
screen-trefusal-tournament_not_open = записването е затворено
screen-trefusal-tournament_over = турнирът е свършил
screen-trefusal-tournament_full = турнирът е пълен
screen-trefusal-already_entered = вече сте записани
screen-trefusal-not_entered = не сте участник
screen-trefusal-not_organiser = само създателят му може да направи това
screen-trefusal-too_few_entrants = още няма достатъчно участници
screen-trefusal-unknown_tournament = сървърът вече не знае този турнир
screen-trefusal-too_many_tournaments = имате твърде много отворени турнири

## Двете страни на дъската за анализ (client/tui/desk.py)
screen-desk-first = първи играч
screen-desk-second = втори играч

## Въпрос „да или не“ (client/tui/confirm.py; клавишите y и n)
screen-confirm-yes = Да (y)
screen-confirm-no = Не (n, Esc)

## Защо партията свърши (client/tui/app.py)
screen-end-resign = { $name } се предаде
screen-end-flag = времето на { $name } изтече
screen-end-disconnect = { $name } излезе и не се върна навреме

## Предаването като последен ход в разбора (client/analysis.py)
screen-move-resign = предаване
